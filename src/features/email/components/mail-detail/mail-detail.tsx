import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Popover,
  Stack,
  Text,
  Title,
  Tooltip,
  Typography,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconFolderSymlink,
  IconMail,
  IconPaperclip,
  IconStar,
  IconStarFilled,
  IconTag,
} from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { EmailActorRef } from '@machines/email/mailbox.machine';
import { MAIL_FOLDERS, type Email } from '@machines/email/types';
import { sanitizeHtml } from '@/lib/text';
import { useMailboxRef } from '../../hooks/use-mailbox-ref';
import { formatMailDateTime } from '../../format-mail-time';
import { snippetOf } from '../../snippet';
import { withoutEventHandlers } from '../../without-handlers';
import { selectEmail, selectEmailBusy, selectReplyComposer, selectTags } from '../../selectors';
import { ComposeForm } from '../compose-form/compose-form';
import { LabelDot, TAG_MANTINE_COLORS } from '../label-dot/label-dot';
import classes from './mail-detail.module.css';

/** The thread in time order: the email and its replies. */
export function threadOf(email: Email): Email[] {
  return [email, ...email.replies].sort((a, b) => a.time.localeCompare(b.time));
}

/** One opened email, driven by its own actor: thread, attachments, and the actions on it. */
export function MailDetail({ actorRef }: { actorRef: EmailActorRef }) {
  const { t } = useTranslation();
  const mailbox = useMailboxRef();
  const email = useSelector(actorRef, selectEmail);
  const busy = useSelector(actorRef, selectEmailBusy);
  const replyComposer = useSelector(actorRef, selectReplyComposer);
  const tags = useSelector(mailbox, selectTags);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => mailbox.send({ type: 'mailbox.close' });

  // Keyboard users land on the subject when the email opens.
  useEffect(() => headingRef.current?.focus(), []);

  const thread = threadOf(email);
  const subject = email.subject || t('email.list.noSubject');
  const folders = MAIL_FOLDERS.filter((f) => f !== email.mailFolder && f !== 'draft' && f !== 'sent');

  return (
    <Paper
      withBorder
      radius="md"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !replyComposer) close();
      }}
    >
      {/* On a phone the four actions left the subject ~120 px (five lines): below 200 px of subject they wrap to a line of their own. */}
      <Group className={classes.toolbar} justify="space-between" p="sm" wrap="wrap" style={{ rowGap: 4 }}>
        <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
          <Tooltip label={t('email.detail.back')}>
            <ActionIcon variant="subtle" aria-label={t('email.detail.back')} onClick={close}>
              <IconArrowLeft size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Title order={2} size="h4" ref={headingRef} tabIndex={-1} className={classes.subject}>
            {subject}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap" role="toolbar" aria-label={t('email.detail.actions')} ml="auto">
          <Tooltip label={t(email.isStarred ? 'email.actions.unstar' : 'email.actions.star')}>
            <ActionIcon
              variant="subtle"
              color={email.isStarred ? 'yellow' : 'gray'}
              aria-label={t(email.isStarred ? 'email.actions.unstar' : 'email.actions.star')}
              aria-pressed={email.isStarred}
              disabled={busy}
              onClick={() => actorRef.send({ type: 'email.star.toggle' })}
            >
              {email.isStarred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <Popover position="bottom-end" withinPortal trapFocus shadow="md">
            <Popover.Target>
              <Tooltip label={t('email.actions.label')}>
                <ActionIcon variant="subtle" aria-label={t('email.actions.label')}>
                  <IconTag size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Popover.Target>
            <Popover.Dropdown>
              <Stack gap="xs" role="group" aria-label={t('email.actions.toggleLabel')}>
                {tags.map((tag) => (
                  <Checkbox
                    key={tag.value}
                    label={
                      <Group gap={6} wrap="nowrap" component="span">
                        <LabelDot color={tag.color} />
                        {t(`email.labels.${tag.value}`)}
                      </Group>
                    }
                    checked={email.labels.includes(tag.value)}
                    disabled={busy}
                    onChange={() => actorRef.send({ type: 'email.label.toggle', label: tag.value })}
                  />
                ))}
              </Stack>
            </Popover.Dropdown>
          </Popover>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label={t('email.actions.move')}>
                <ActionIcon variant="subtle" aria-label={t('email.actions.move')} disabled={busy}>
                  <IconFolderSymlink size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              {folders.map((f) => (
                <Menu.Item key={f} onClick={() => actorRef.send({ type: 'email.move', folder: f })}>
                  {t(`email.folders.${f}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={t('email.actions.markUnread')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('email.actions.markUnread')}
              disabled={busy}
              onClick={() => actorRef.send({ type: 'email.markUnread' })}
            >
              <IconMail size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Stack p="md" gap="md">
        {email.labels.length > 0 ? (
          <Group gap={6} role="group" aria-label={t('email.detail.labels')}>
            {email.labels.map((value) => {
              const tag = tags.find((x) => x.value === value);
              return (
                <Badge key={value} variant="light" color={tag ? TAG_MANTINE_COLORS[tag.color] : 'gray'}>
                  {t(`email.labels.${value}`)}
                </Badge>
              );
            })}
          </Group>
        ) : null}

        <Thread messages={thread} />

        {replyComposer ? (
          <Paper withBorder radius="md" p="md">
            <ComposeForm actorRef={replyComposer} variant="reply" onCancel={() => actorRef.send({ type: 'email.reply.close' })} />
          </Paper>
        ) : (
          <Group>
            <Button
              variant="light"
              leftSection={<IconArrowBackUp size={18} aria-hidden />}
              onClick={() => actorRef.send({ type: 'email.reply.open' })}
            >
              {t('email.actions.reply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Earlier messages collapsed to one line each; the latest one open. */
function Thread({ messages }: { messages: Email[] }) {
  const { t } = useTranslation();
  // Which earlier messages the person expanded: view state only.
  const [expanded, setExpanded] = useState<number[]>([]);
  const [showAll, setShowAll] = useState(false);
  const latest = messages[messages.length - 1];
  const earlier = messages.slice(0, -1);
  const hidden = !showAll && earlier.length > 2 ? earlier.slice(0, earlier.length - 1) : [];
  const visibleEarlier = earlier.slice(hidden.length);
  return (
    <Stack gap="xs">
      {hidden.length > 0 ? (
        <Button variant="subtle" size="xs" onClick={() => setShowAll(true)} className={classes.moreButton}>
          {t('email.detail.earlier', { count: hidden.length })}
        </Button>
      ) : null}
      {visibleEarlier.map((m) =>
        expanded.includes(m.id) ? (
          <Message key={m.id} message={m} onCollapse={() => setExpanded((ids) => ids.filter((id) => id !== m.id))} />
        ) : (
          <UnstyledButton
            key={m.id}
            className={classes.collapsed}
            aria-expanded={false}
            aria-label={t('email.detail.expand', { from: m.sender_name })}
            onClick={() => setExpanded((ids) => [...ids, m.id])}
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar size={28} radius="xl" color="initials" name={m.sender_name} aria-hidden />
              <Text size="sm" fw={600} className={classes.nowrap}>
                {m.sender_name}
              </Text>
              <Text size="sm" c="dimmed" truncate className={classes.grow}>
                {snippetOf(m.message)}
              </Text>
              <Text size="xs" c="dimmed" className={classes.nowrap}>
                <MessageTime iso={m.time} />
              </Text>
            </Group>
          </UnstyledButton>
        ),
      )}
      {latest ? <Message message={latest} /> : null}
    </Stack>
  );
}

function MessageTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatMailDateTime(iso, i18n.language)}</time>;
}

function Message({ message, onCollapse }: { message: Email; onCollapse?: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t('email.detail.messageFrom', { from: message.sender_name })}>
      {/* The date ("qua., 18 de nov. de 2026, 23:15") goes under the sender when both do not fit: beside it on a phone it
          left the sender ~50 px, one syllable of the address per line. */}
      <Group justify="space-between" align="flex-start" wrap="wrap" style={{ rowGap: 4 }} mb="sm">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 240px' }}>
          <Avatar radius="xl" color="initials" name={message.sender_name} aria-hidden />
          <div className={classes.grow}>
            <Text fw={600} size="sm">
              {message.sender_name} {/* anywhere: on a phone a long address broke out of the message card instead of wrapping. */}
              <Text span c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
                &lt;{message.sender}&gt;
              </Text>
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('email.detail.to', { to: message.to.join(', ') })}
              {message.cc.length > 0 ? ` · ${t('email.detail.cc', { cc: message.cc.join(', ') })}` : ''}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" className={classes.nowrap}>
            <MessageTime iso={message.time} />
          </Text>
          {onCollapse ? (
            <Button variant="subtle" size="compact-xs" onClick={onCollapse} aria-expanded>
              {t('email.detail.collapse')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {/* Untrusted HTML: DOMPurify removes scripts, event handlers and javascript: links. */}
      <Typography className={classes.body}>
        <div data-testid="email-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(withoutEventHandlers(message.message)) }} />
      </Typography>
      {message.attachments.length > 0 ? (
        <Stack gap={4} mt="md">
          <Text size="xs" fw={600} c="dimmed">
            {t('email.detail.attachments', { count: message.attachments.length })}
          </Text>
          <Group gap="xs" component="ul" className={classes.attachments}>
            {message.attachments.map((name) => (
              <li key={name}>
                <Badge variant="outline" color="gray" radius="sm" size="lg" tt="none" leftSection={<IconPaperclip size={14} aria-hidden />}>
                  {name}
                </Badge>
              </li>
            ))}
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}
