import { Grid } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { MailFilter } from '@machines/email/types';
import { MailboxContext } from '../../email-context';
import type { MailboxLogic } from '../../email-logic';
import { useMailbox } from '../../hooks/use-mailbox';
import { selectOpenedActor } from '../../selectors';
import { ComposeModal } from '../compose-modal/compose-modal';
import { EmailSidebar } from '../email-sidebar/email-sidebar';
import { MailDetail } from '../mail-detail/mail-detail';
import { MailList } from '../mail-list/mail-list';

/** The mailbox: folders and labels on the side, the list or the opened email beside them, the composer above. */
export function EmailScreen({ logic, filter }: { logic: MailboxLogic; filter: MailFilter }) {
  const actorRef = useMailbox(logic, filter);
  const opened = useSelector(actorRef, selectOpenedActor);
  return (
    <MailboxContext.Provider value={actorRef}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <EmailSidebar />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{opened ? <MailDetail key={opened.id} actorRef={opened} /> : <MailList />}</Grid.Col>
      </Grid>
      <ComposeModal />
    </MailboxContext.Provider>
  );
}
