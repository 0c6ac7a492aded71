import { Badge, Button, NavLink, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertOctagon, IconFile, IconInbox, IconPencil, IconSend, IconStar, IconTrash, type Icon } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { MailFilter } from '@machines/email/types';
import { useMailboxRef } from '../../hooks/use-mailbox-ref';
import { selectCounts, selectFilter, selectTags, selectTagsFailed } from '../../selectors';
import { LabelDot } from '../label-dot/label-dot';

const FOLDERS: { filter: MailFilter; icon: Icon; count?: 'inbox' | 'spam' | 'draft' }[] = [
  { filter: 'inbox', icon: IconInbox, count: 'inbox' },
  { filter: 'sent', icon: IconSend },
  { filter: 'draft', icon: IconFile, count: 'draft' },
  { filter: 'starred', icon: IconStar },
  { filter: 'spam', icon: IconAlertOctagon, count: 'spam' },
  { filter: 'trash', icon: IconTrash },
];

/**
 * Compose, the folders with their counts, and the labels with their colours.
 * `onNavigate` runs after a folder or label is chosen (the phone's drawer closes).
 */
export function EmailSidebar({ onNavigate, withCompose = true }: { onNavigate?: () => void; withCompose?: boolean }) {
  const { t } = useTranslation();
  const actorRef = useMailboxRef();
  const filter = useSelector(actorRef, selectFilter);
  const counts = useSelector(actorRef, selectCounts);
  const tags = useSelector(actorRef, selectTags);
  const tagsFailed = useSelector(actorRef, selectTagsFailed);
  // The link itself changes the URL (which closes an opened email); the current view's link also reloads it.
  const reopen = (target: MailFilter) => {
    if (target === filter) actorRef.send({ type: 'mailbox.refresh' });
    onNavigate?.();
  };

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="md">
        {withCompose && (
          <Button
            leftSection={<IconPencil size={18} aria-hidden />}
            fullWidth
            onClick={() => actorRef.send({ type: 'mailbox.compose.open' })}
          >
            {t('email.compose.button')}
          </Button>
        )}
        <nav aria-label={t('email.sidebar.folders')}>
          {FOLDERS.map(({ filter: f, icon: FolderIcon, count }) => {
            const n = count ? counts[count] : 0;
            return (
              <NavLink
                key={f}
                component={Link}
                href={`/apps/email/${f}`}
                onClick={() => reopen(f)}
                active={filter === f}
                aria-current={filter === f ? 'page' : undefined}
                label={t(`email.folders.${f}`)}
                leftSection={<FolderIcon size={18} aria-hidden />}
                rightSection={
                  n > 0 ? (
                    <Badge
                      size="sm"
                      variant={count === 'draft' ? 'light' : 'filled'}
                      color={count === 'spam' ? 'red' : 'blue'}
                      circle={n < 10}
                    >
                      <span aria-hidden>{n}</span>
                      <VisuallyHidden component="span">
                        {t(count === 'draft' ? 'email.sidebar.draftCount' : 'email.sidebar.unreadCount', { count: n })}
                      </VisuallyHidden>
                    </Badge>
                  ) : null
                }
              />
            );
          })}
        </nav>
        <nav aria-label={t('email.sidebar.labels')}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
            {t('email.sidebar.labels')}
          </Text>
          {tagsFailed ? (
            <Button variant="subtle" size="xs" onClick={() => actorRef.send({ type: 'mailbox.tags.retry' })}>
              {t('email.sidebar.tagsRetry')}
            </Button>
          ) : null}
          {tags.map((tag) => {
            const n = counts.label(tag.value);
            return (
              <NavLink
                key={tag.value}
                component={Link}
                href={`/apps/email/label/${tag.value}`}
                onClick={() => reopen(tag.value)}
                active={filter === tag.value}
                aria-current={filter === tag.value ? 'page' : undefined}
                label={t(`email.labels.${tag.value}`)}
                leftSection={<LabelDot color={tag.color} />}
                rightSection={
                  n > 0 ? (
                    <Text size="xs" c="dimmed">
                      <span aria-hidden>{n}</span>
                      <VisuallyHidden component="span">{t('email.sidebar.unreadCount', { count: n })}</VisuallyHidden>
                    </Text>
                  ) : null
                }
              />
            );
          })}
        </nav>
      </Stack>
    </Paper>
  );
}
