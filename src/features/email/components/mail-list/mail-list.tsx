import {
  ActionIcon,
  Avatar,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconFolderSymlink,
  IconMail,
  IconMailOpened,
  IconPaperclip,
  IconRefresh,
  IconSearch,
  IconStar,
  IconStarFilled,
  IconTag,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { AvatarInitials } from '@/components/avatar-initials';
import { emailActorId } from '@machines/email/mailbox.machine';
import { MAIL_FOLDERS, type Email, type EmailTag } from '@machines/email/types';
import { ListEmpty, ListError } from '@/components/data-list';
import { useMailboxRef } from '../../hooks/use-mailbox-ref';
import { formatMailTime } from '../../format-mail-time';
import { snippetOf } from '../../snippet';
import {
  selectCanBulk,
  selectEmails,
  selectFilter,
  selectHasList,
  selectIsBusy,
  selectIsEmpty,
  selectIsFailed,
  selectIsLoading,
  selectLastOpenedId,
  selectListFailure,
  selectQuery,
  selectSelectedIds,
  selectTags,
} from '../../selectors';
import { LabelDot } from '../label-dot/label-dot';
import classes from './mail-list.module.css';

/** The current folder or label: toolbar (select all, bulk actions, search) and the rows. */
export function MailList() {
  const { t } = useTranslation();
  const actorRef = useMailboxRef();
  const filter = useSelector(actorRef, selectFilter);
  const query = useSelector(actorRef, selectQuery);
  const emails = useSelector(actorRef, selectEmails);
  const selected = useSelector(actorRef, selectSelectedIds);
  const loading = useSelector(actorRef, selectIsLoading);
  const busy = useSelector(actorRef, selectIsBusy);
  const empty = useSelector(actorRef, selectIsEmpty);
  const failed = useSelector(actorRef, selectIsFailed);
  const failure = useSelector(actorRef, selectListFailure);
  const hasList = useSelector(actorRef, selectHasList);
  const canBulk = useSelector(actorRef, selectCanBulk);
  const tags = useSelector(actorRef, selectTags);

  const returnTo = useSelector(actorRef, selectLastOpenedId);
  const listRef = useRef<HTMLUListElement>(null);
  // Back from an email: keyboard focus returns to its row.
  useEffect(() => {
    if (returnTo !== null) listRef.current?.querySelector<HTMLElement>(`[data-actor-id="${emailActorId(returnTo)}"]`)?.focus();
  }, [returnTo]);

  const allSelected = emails.length > 0 && selected.length === emails.length;
  const someSelected = selected.length > 0 && !allSelected;
  const viewName = t(
    `email.${filter === 'personal' || filter === 'company' || filter === 'important' || filter === 'private' ? 'labels' : 'folders'}.${filter}`,
  );

  return (
    <Paper withBorder radius="md">
      <Stack gap={0}>
        <Group className={classes.toolbar} gap="xs" wrap="nowrap" p="sm">
          <Checkbox
            aria-label={t('email.list.selectAll')}
            checked={allSelected}
            indeterminate={someSelected}
            disabled={!hasList}
            onChange={() => actorRef.send({ type: 'mailbox.select.all' })}
          />
          {selected.length > 0 ? (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" c="dimmed" aria-live="polite" miw={70}>
                {t('email.list.selected', { count: selected.length })}
              </Text>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('email.actions.move')}>
                    <ActionIcon variant="subtle" aria-label={t('email.actions.move')} disabled={!canBulk}>
                      <IconFolderSymlink size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  {MAIL_FOLDERS.filter((f) => f !== filter && f !== 'draft' && f !== 'sent').map((f) => (
                    <Menu.Item key={f} onClick={() => actorRef.send({ type: 'mailbox.bulk', action: { kind: 'move', folder: f } })}>
                      {t(`email.folders.${f}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('email.actions.label')}>
                    <ActionIcon variant="subtle" aria-label={t('email.actions.label')} disabled={!canBulk}>
                      <IconTag size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('email.actions.toggleLabel')}</Menu.Label>
                  {tags.map((tag) => (
                    <Menu.Item
                      key={tag.value}
                      leftSection={<LabelDot color={tag.color} />}
                      onClick={() => actorRef.send({ type: 'mailbox.bulk', action: { kind: 'label', label: tag.value } })}
                    >
                      {t(`email.labels.${tag.value}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Tooltip label={t('email.actions.markRead')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('email.actions.markRead')}
                  disabled={!canBulk}
                  onClick={() => actorRef.send({ type: 'mailbox.bulk', action: { kind: 'markUnread', unread: false } })}
                >
                  <IconMailOpened size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('email.actions.markUnread')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('email.actions.markUnread')}
                  disabled={!canBulk}
                  onClick={() => actorRef.send({ type: 'mailbox.bulk', action: { kind: 'markUnread', unread: true } })}
                >
                  <IconMail size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : null}
          <TextInput
            className={classes.search}
            aria-label={t('email.list.search')}
            placeholder={t('email.list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={
              query ? (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('email.list.clearSearch')}
                  onClick={() => actorRef.send({ type: 'mailbox.search', query: '' })}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              ) : busy ? (
                <Loader size={14} aria-label={t('common.loading')} />
              ) : null
            }
            value={query}
            onChange={(e) => actorRef.send({ type: 'mailbox.search', query: e.currentTarget.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) actorRef.send({ type: 'mailbox.search', query: '' });
            }}
          />
          <Tooltip label={t('email.list.refresh')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('email.list.refresh')}
              onClick={() => actorRef.send({ type: 'mailbox.refresh' })}
              disabled={busy}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>

        {failed ? (
          <Stack p="md">
            <ListError onRetry={() => actorRef.send({ type: 'mailbox.retry' })} message={failure ? t('email.list.loadFailed') : null} />
          </Stack>
        ) : empty ? (
          <ListEmpty
            filtered={query.trim() !== ''}
            onClearFilters={() => actorRef.send({ type: 'mailbox.search', query: '' })}
            title={t('email.list.emptyTitle', { view: viewName })}
            text={t('email.list.emptyText')}
          />
        ) : loading && emails.length === 0 ? (
          <Stack gap="xs" p="md" aria-busy="true" aria-label={t('common.loading')}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={48} radius="sm" />
            ))}
          </Stack>
        ) : (
          <ul ref={listRef} className={classes.list} aria-label={viewName} aria-busy={loading}>
            {emails.map((email) => (
              <MailRow key={email.id} email={email} tags={tags} selected={selected.includes(email.id)} />
            ))}
          </ul>
        )}
      </Stack>
    </Paper>
  );
}

function MailRow({ email, tags, selected }: { email: Email; tags: EmailTag[]; selected: boolean }) {
  const { t, i18n } = useTranslation();
  const actorRef = useMailboxRef();
  const canStar = useSelector(actorRef, (s) => s.can({ type: 'mailbox.star.toggle', id: email.id }));
  const outgoing = email.mailFolder === 'sent' || email.mailFolder === 'draft';
  const who = outgoing ? t('email.list.toRecipients', { to: email.to.join(', ') || t('email.list.noRecipient') }) : email.sender_name;
  const subject = email.subject || t('email.list.noSubject');
  const snippet = snippetOf(email.message);
  const time = formatMailTime(email.time, i18n.language);
  // The row is named by what it shows, in order (WCAG 2.5.3 Label in Name), then what only colour or
  // weight shows: "Billing Notice Overdue invoice — Please pay… 10:42, unread, 2 attachments".
  const state = [
    email.unread ? t('email.list.unreadState') : null,
    ...email.labels.map((value) => (tags.some((x) => x.value === value) ? t(`email.labels.${value}`) : null)),
    email.attachments.length > 0 ? t('email.list.hasAttachments', { count: email.attachments.length }) : null,
  ].filter((part): part is string => part !== null);
  const rowName = [`${who} ${subject} — ${snippet} ${time}`, ...state].join(', ');
  return (
    <li className={classes.row} data-selected={selected || undefined}>
      <Checkbox
        aria-label={t('email.list.select', { subject })}
        checked={selected}
        onChange={() => actorRef.send({ type: 'mailbox.select.toggle', id: email.id })}
      />
      <ActionIcon
        variant="subtle"
        color={email.isStarred ? 'yellow' : 'gray'}
        aria-label={t(email.isStarred ? 'email.actions.unstar' : 'email.actions.star')}
        aria-pressed={email.isStarred}
        disabled={!canStar}
        onClick={() => actorRef.send({ type: 'mailbox.star.toggle', id: email.id })}
      >
        {email.isStarred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
      </ActionIcon>
      <UnstyledButton
        className={classes.open}
        data-actor-id={emailActorId(email.id)}
        onClick={() => actorRef.send({ type: 'mailbox.open', id: email.id })}
        aria-label={rowName}
      >
        {/* Not on a phone: checkbox, star, avatar, label dots and time left the subject ~100 px of a 390 px row. */}
        <Avatar
          size={32}
          radius="xl"
          color="initials"
          name={outgoing ? t('email.list.me') : email.sender_name}
          aria-hidden
          visibleFrom="xs"
        >
          <AvatarInitials name={outgoing ? t('email.list.me') : email.sender_name} />
        </Avatar>
        <div className={classes.text}>
          <Text size="sm" fw={email.unread ? 700 : 500} truncate>
            {who}
          </Text>{' '}
          <Text size="sm" truncate>
            <Text span fw={email.unread ? 700 : 400} size="sm" data-subject>
              {subject}
            </Text>
            <Text span c="dimmed" size="sm">
              {' — '}
              {snippet}
            </Text>
          </Text>
        </div>{' '}
        <Group gap={6} wrap="nowrap" className={classes.meta}>
          {email.labels.map((value) => {
            const tag = tags.find((x) => x.value === value);
            return tag ? <LabelDot key={value} color={tag.color} label={t(`email.labels.${value}`)} /> : null;
          })}
          {email.attachments.length > 0 ? (
            <IconPaperclip size={16} role="img" aria-label={t('email.list.hasAttachments', { count: email.attachments.length })} />
          ) : null}
          <Text size="xs" c="dimmed" component="time" dateTime={email.time} className={classes.time}>
            {time}
          </Text>
        </Group>
      </UnstyledButton>
    </li>
  );
}
