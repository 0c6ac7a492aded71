import { Box, Button, Drawer, Grid, Group, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconMenu2, IconPencil } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { MailLocation } from '@machines/email/mail-location';
import { isEmailLabel } from '@machines/email/types';
import { MailboxContext } from '../../hooks/use-mailbox-ref';
import type { MailboxLogic } from '../../hooks/mailbox-machine';
import { useMailbox } from '../../hooks/use-mailbox';
import { selectFilter, selectOpenedActor } from '../../selectors';
import { ComposeModal } from '../compose-modal/compose-modal';
import { EmailSidebar } from '../email-sidebar/email-sidebar';
import { MailDetail } from '../mail-detail/mail-detail';
import { MailList } from '../mail-list/mail-list';

/**
 * The mailbox: folders and labels on the side, the list or the opened email beside them, the composer above.
 * Below md (phones, small tablets) the folders wait in a drawer behind one button, and an opened email
 * takes the whole width, at the top of the page.
 */
export function EmailScreen({ logic, location }: { logic: MailboxLogic; location: MailLocation }) {
  const { t } = useTranslation();
  const actorRef = useMailbox(logic, location);
  const opened = useSelector(actorRef, selectOpenedActor);
  const filter = useSelector(actorRef, selectFilter);
  const [foldersOpened, folders] = useDisclosure(false);
  // Below Mantine's md breakpoint (62em): one column. Read at the first render, so a phone never flashes the sidebar.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false }) === true;
  const filterName = isEmailLabel(filter) ? t(`email.labels.${filter}`) : t(`email.folders.${filter}`);
  return (
    <MailboxContext.Provider value={actorRef}>
      <Grid gap="md">
        {narrow ? null : (
          // A fixed 260 px column: a quarter of the page (230 px at 1280) wrapped "Caixa de entrada" and
          // "Boîte de réception" beside their unread badge onto two lines.
          <Grid.Col span="content">
            <Box w={260}>
              <EmailSidebar />
            </Box>
          </Grid.Col>
        )}
        <Grid.Col span={narrow ? 12 : 'auto'} miw={0}>
          {opened || !narrow ? null : (
            <Group justify="space-between" mb="sm" wrap="nowrap">
              <Button variant="default" leftSection={<IconMenu2 size={18} aria-hidden />} onClick={folders.open} aria-haspopup="dialog">
                <VisuallyHidden component="span">{t('email.sidebar.menu')}: </VisuallyHidden>
                {filterName}
              </Button>
              <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => actorRef.send({ type: 'mailbox.compose.open' })}>
                {t('email.compose.button')}
              </Button>
            </Group>
          )}
          {opened ? <MailDetail key={opened.id} actorRef={opened} /> : <MailList />}
        </Grid.Col>
      </Grid>
      <Drawer
        opened={narrow && foldersOpened}
        onClose={folders.close}
        position="left"
        size="xs"
        title={t('email.sidebar.menu')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <EmailSidebar onNavigate={folders.close} withCompose={false} />
      </Drawer>
      <ComposeModal />
    </MailboxContext.Provider>
  );
}
