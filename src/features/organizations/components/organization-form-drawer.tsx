import { useEffect, useMemo } from 'react';
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { createEditorMachine } from '@machines/editor/editor.machine';
import { FormActions, FormDrawer, FormSaveError } from '@/components/form-drawer';
import { useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import type { OrganizationFormValues, OrganizationRow } from '../api/types';
import { ORGANIZATION_TEXT_RULES } from '../schema';

type EditorRef = ActorRefFrom<ReturnType<typeof createEditorMachine<OrganizationFormValues, OrganizationRow>>>;

const LABEL_KEYS: Record<string, string> = {
  'screenshotPolicy.intervalMinutes': 'intervalMinutes',
  'screenshotPolicy.retentionDays': 'retentionDays',
};

function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/**
 * Create/edit form. Mantine's form holds the inputs; the editor machine owns validation, saving, the
 * server's field errors (unique code, a seat limit below the unit count) and the discard question.
 * Code and seat limit are the licence: only a super admin changes them.
 */
function OrganizationForm({ editor, canChangeLicence }: { editor: EditorRef; canChangeLicence: boolean }) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('organizations');
  const counter = useCharacterCounter();
  const initial = useSelector(editor, (s) => s.context.values);
  const fieldErrors = useSelector(editor, (s) => s.context.fieldErrors);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const failed = useSelector(editor, (s) => s.matches({ form: 'failed' }));
  const formError = useSelector(editor, (s) => s.context.formError);
  const mode = useSelector(editor, (s) => s.context.mode);
  const zones = useMemo(() => timeZones(), []);

  const form = useForm<OrganizationFormValues>({
    mode: 'controlled',
    initialValues: initial,
    onValuesChange: (values) => editor.send({ type: 'editor.change', values }),
  });

  useEffect(() => {
    const translated: Record<string, string> = {};
    for (const [field, code] of Object.entries(fieldErrors)) {
      const key = LABEL_KEYS[field] ?? field;
      const max = field in ORGANIZATION_TEXT_RULES ? ORGANIZATION_TEXT_RULES[field as keyof typeof ORGANIZATION_TEXT_RULES].max : undefined;
      translated[field] = errorText(code, { label: t(`organizations.fields.${key}`), max }) ?? code;
    }
    form.setErrors(translated);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the machine's errors drive this
  }, [fieldErrors]);

  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const number = (field: string) => (v: string | number) => form.setFieldValue(field, typeof v === 'number' ? v : Number.NaN);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        editor.send({ type: 'editor.submit' });
      }}
    >
      <Stack gap="sm">
        {failed && <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('organizations.errors.saveFailed'))}</FormSaveError>}
        <TextInput
          label={t('organizations.fields.name')}
          required
          description={counter(form.values.name, ORGANIZATION_TEXT_RULES.name.max)}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('organizations.fields.code')}
          required
          description={t('organizations.fields.codeHint')}
          disabled={!canChangeLicence}
          {...form.getInputProps('code')}
          onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('organizations.fields.contactEmail')} required type="email" {...form.getInputProps('contactEmail')} />
          <TextInput label={t('organizations.fields.phone')} type="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Textarea
          label={t('organizations.fields.address')}
          description={counter(form.values.address, ORGANIZATION_TEXT_RULES.address.max)}
          autosize
          minRows={2}
          maxRows={4}
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('organizations.fields.timezone')}
            required
            searchable
            data={zones}
            nothingFoundMessage={t('organizations.fields.noTimezone')}
            {...form.getInputProps('timezone')}
            value={form.values.timezone || null}
            onChange={(v) => form.setFieldValue('timezone', v ?? '')}
          />
          <NumberInput
            label={t('organizations.fields.seatLimit')}
            description={t('organizations.fields.seatLimitHint')}
            min={0}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            disabled={!canChangeLicence}
            {...form.getInputProps('seatLimit')}
            onChange={number('seatLimit')}
          />
        </SimpleGrid>
        <Fieldset legend={t('organizations.fields.screenshotPolicy')} variant="filled">
          <Stack gap="sm">
            <Switch label={t('organizations.fields.screenshotsEnabled')} {...form.getInputProps('screenshotPolicy.enabled', { type: 'checkbox' })} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label={t('organizations.fields.intervalMinutes')}
                min={1}
                max={1440}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('screenshotPolicy.intervalMinutes')}
                onChange={number('screenshotPolicy.intervalMinutes')}
              />
              <NumberInput
                label={t('organizations.fields.retentionDays')}
                min={1}
                max={3650}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('screenshotPolicy.retentionDays')}
                onChange={number('screenshotPolicy.retentionDays')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <FormActions
          mt="sm"
          onCancel={() => editor.send({ type: 'editor.close' })}
          cancelDisabled={busy}
          busy={busy}
          submitLabel={mode === 'create' ? t('organizations.actions.create') : t('common.save')}
        />
      </Stack>
    </form>
  );
}

export function OrganizationFormDrawer({ editor, canChangeLicence }: { editor: EditorRef; canChangeLicence: boolean }) {
  const { t } = useTranslation();
  const opened = useSelector(editor, (s) => s.hasTag('open'));
  const confirming = useSelector(editor, (s) => s.matches({ form: 'confirmingDiscard' }));
  const mode = useSelector(editor, (s) => s.context.mode);
  const sessionKey = useSelector(editor, (s) => `${s.context.mode}:${s.context.id ?? 'new'}:${String(s.matches({ form: 'closed' }))}`);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  return (
    <FormDrawer
      opened={opened}
      title={mode === 'create' ? t('organizations.form.createTitle') : t('organizations.form.editTitle')}
      dirty={dirty}
      confirmingDiscard={confirming}
      onClose={() => editor.send({ type: 'editor.close' })}
      onDiscardConfirm={() => editor.send({ type: 'editor.discard.confirm' })}
      onDiscardCancel={() => editor.send({ type: 'editor.discard.cancel' })}
    >
      {opened && <OrganizationForm key={sessionKey} editor={editor} canChangeLicence={mode === 'create' || canChangeLicence} />}
    </FormDrawer>
  );
}
