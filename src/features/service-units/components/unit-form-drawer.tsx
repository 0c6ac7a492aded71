import { useEffect } from 'react';
import { NumberInput, Select, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { FormActions, FormDrawer, FormSaveError } from '@/components/form-drawer';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import type { UnitFormValues } from '../api/types';
import { OPERATING_SYSTEMS, type unitEditorMachine } from '../hooks/use-service-units';
import { UNIT_TEXT_RULES } from '../schema';

type EditorRef = ActorRefFrom<typeof unitEditorMachine>;

/**
 * Create/edit form. Mantine's form holds the inputs; every change is mirrored into the editor machine,
 * which owns validation, submitting, the server's field errors and the discard question.
 */
function UnitForm({ editor, tags }: { editor: EditorRef; tags: string[] }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('service-units');
  const counter = useCharacterCounter();
  const initial = useSelector(editor, (s) => s.context.values);
  const fieldErrors = useSelector(editor, (s) => s.context.fieldErrors);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const failed = useSelector(editor, (s) => s.matches({ form: 'failed' }));
  const formError = useSelector(editor, (s) => s.context.formError);
  const mode = useSelector(editor, (s) => s.context.mode);

  const form = useForm<UnitFormValues>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: (values) => editor.send({ type: 'editor.change', values }),
  });

  useEffect(() => {
    const translated: Record<string, string> = {};
    for (const [field, code] of Object.entries(fieldErrors)) {
      const limit = field in UNIT_TEXT_RULES ? UNIT_TEXT_RULES[field as keyof typeof UNIT_TEXT_RULES].max : undefined;
      translated[field] = errorText(code, { label: t(`service-units.fields.${field}`), max: limit }) ?? code;
    }
    form.setErrors(translated);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- form and errorText are stable per render; only the machine's errors drive this
  }, [fieldErrors]);

  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'editor.submit' });
      }}
    >
      <Stack gap="sm">
        {failed && (
          <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('service-units.errors.saveFailed'))}</FormSaveError>
        )}
        <TextInput
          label={t('service-units.fields.name')}
          required
          description={counter(form.values.name, UNIT_TEXT_RULES.name.max)}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput label={t('service-units.fields.hostname')} required description={t('service-units.fields.hostnameHint')} {...form.getInputProps('hostname')} />
        <TextInput label={t('service-units.fields.ipAddress')} description={t('service-units.fields.ipAddressHint')} {...form.getInputProps('ipAddress')} />
        <Select
          label={t('service-units.fields.operatingSystem')}
          required
          placeholder={t('service-units.fields.operatingSystemPlaceholder')}
          data={OPERATING_SYSTEMS.map((os) => ({ value: os, label: t(`service-units.os.${os}`) }))}
          {...form.getInputProps('operatingSystem')}
          value={form.values.operatingSystem || null}
          onChange={(v) => form.setFieldValue('operatingSystem', (v ?? '') as UnitFormValues['operatingSystem'])}
        />
        <TextInput
          label={t('service-units.fields.location')}
          description={counter(form.values.location, UNIT_TEXT_RULES.location.max)}
          {...form.getInputProps('location')}
        />
        <TagsInput
          label={t('service-units.fields.tags')}
          description={t('service-units.fields.tagsHint')}
          data={tags}
          maxTags={10}
          splitChars={[',', ' ']}
          clearable
          {...form.getInputProps('tags')}
        />
        <NumberInput
          label={t('service-units.fields.screenshotInterval')}
          description={t('service-units.fields.screenshotIntervalHint')}
          min={0}
          max={1440}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('screenshotIntervalMinutes')}
          onChange={(v) => form.setFieldValue('screenshotIntervalMinutes', typeof v === 'number' ? v : Number.NaN)}
        />
        <Textarea
          label={t('service-units.fields.description')}
          description={counter(form.values.description, UNIT_TEXT_RULES.description.max)}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <Switch label={t('service-units.fields.maintenance')} {...form.getInputProps('maintenance', { type: 'checkbox' })} />
        <FormActions
          mt="sm"
          onCancel={() => editor.send({ type: 'editor.close' })}
          cancelDisabled={busy}
          busy={busy}
          submitLabel={mode === 'create' ? t('service-units.actions.create') : t('common.save')}
        />
      </Stack>
    </form>
  );
}

export function UnitFormDrawer({ editor, tags }: { editor: EditorRef; tags: string[] }) {
  const { t } = useTranslation();
  const opened = useSelector(editor, (s) => s.hasTag('open'));
  const confirming = useSelector(editor, (s) => s.matches({ form: 'confirmingDiscard' }));
  const mode = useSelector(editor, (s) => s.context.mode);
  const sessionKey = useSelector(editor, (s) => `${s.context.mode}:${s.context.id ?? 'new'}:${String(s.matches({ form: 'closed' }))}`);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));

  return (
    <FormDrawer
      opened={opened}
      title={mode === 'create' ? t('service-units.form.createTitle') : t('service-units.form.editTitle')}
      dirty={dirty}
      confirmingDiscard={confirming}
      onClose={() => editor.send({ type: 'editor.close' })}
      onDiscardConfirm={() => editor.send({ type: 'editor.discard.confirm' })}
      onDiscardCancel={() => editor.send({ type: 'editor.discard.cancel' })}
    >
      {opened && <UnitForm key={sessionKey} editor={editor} tags={tags} />}
    </FormDrawer>
  );
}
