import type { FormEvent } from 'react';
import { Alert, Button, Group, MultiSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TASK_TEXT_RULES, type DraftErrors, type TaskDraft, type TaskTag, type TaskTagValue, type TodoFailure } from '@machines/todo/types';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import { stripHtml } from '@/lib/text';
import { failureKey } from '../../selectors';

export interface TaskFormProps {
  draft: TaskDraft;
  errors: DraftErrors;
  tags: TaskTag[];
  busy: boolean;
  failure: TodoFailure | null;
  failureTitle: string;
  submitLabel: string;
  onChange: (patch: Partial<TaskDraft>) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** Shown after a failed save: send the same draft again, or throw it away. */
  onRetry?: () => void;
  onDiscard?: () => void;
}

const looksLikeHtml = (text: string) => /<[a-z/!][^>]*>/i.test(text);

/** The add/edit form. Descriptions from the server may hold HTML: they are shown and edited as plain text. */
export function TaskForm(props: TaskFormProps) {
  const { t } = useTranslation();
  const { draft, errors, tags, busy, failure } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const errorText = useFieldErrorText('todo');
  const counter = useCharacterCounter();
  const titleError =
    errors.title === 'required'
      ? t('todo.form.titleRequired')
      : errors.title === 'tooLong'
        ? t('todo.form.titleTooLong', { max: TASK_TEXT_RULES.title.max })
        : errorText(errors.title, { label: t('todo.form.title') });
  const descError = errorText(errors.desc, { label: t('todo.form.description'), max: TASK_TEXT_RULES.desc.max });
  const descText = looksLikeHtml(draft.desc) ? stripHtml(draft.desc) : draft.desc;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title={props.failureTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t(failureKey(failure))}</Text>
              {props.onRetry || props.onDiscard ? (
                <Group gap="xs">
                  {props.onRetry ? (
                    <Button size="xs" color="red" variant="outline" onClick={props.onRetry}>
                      {t('common.retry')}
                    </Button>
                  ) : null}
                  {props.onDiscard ? (
                    <Button size="xs" variant="subtle" color="gray" onClick={props.onDiscard}>
                      {t('todo.form.discard')}
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label={t('todo.form.title')}
          placeholder={t('todo.form.titlePlaceholder')}
          required
          data-autofocus
          description={counter(draft.title, TASK_TEXT_RULES.title.max)}
          value={draft.title}
          error={titleError}
          disabled={busy}
          onChange={(event) => props.onChange({ title: event.currentTarget.value })}
        />
        <Textarea
          label={t('todo.form.description')}
          placeholder={t('todo.form.descriptionPlaceholder')}
          autosize
          minRows={4}
          maxRows={12}
          description={counter(descText, TASK_TEXT_RULES.desc.max)}
          value={descText}
          error={descError}
          disabled={busy}
          onChange={(event) => props.onChange({ desc: event.currentTarget.value })}
        />
        <MultiSelect
          label={t('todo.form.tags')}
          placeholder={draft.tags.length === 0 ? t('todo.form.tagsPlaceholder') : undefined}
          data={tags.map((tag) => ({ value: tag.value, label: t(`todo.tags.${tag.value}`) }))}
          value={draft.tags}
          disabled={busy}
          clearable
          comboboxProps={{ withinPortal: false }}
          onChange={(values) => props.onChange({ tags: values as TaskTagValue[] })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
