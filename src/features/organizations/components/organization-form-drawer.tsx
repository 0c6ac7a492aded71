import { useMemo } from 'react';
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { createEditorMachine } from '@machines/editor/editor.machine';
import { EditorDrawer, FormActions, FormConflict, FormSaveError, useEditorForm } from '@/components/form-drawer';
import { useCharacterCounter } from '@/lib/field-error-text';
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
  const counter = useCharacterCounter();
  const { form, mode, failed, formError, hasFieldErrors, conflict, onSubmit, actions } = useEditorForm(
    editor,
    'organizations',
    (field) => ({
      label: t(`organizations.fields.${LABEL_KEYS[field] ?? field}`),
      max: field in ORGANIZATION_TEXT_RULES ? ORGANIZATION_TEXT_RULES[field as keyof typeof ORGANIZATION_TEXT_RULES].max : undefined,
    }),
  );
  const zones = useMemo(() => timeZones(), []);
  const licenceEditable = mode === 'create' || canChangeLicence;
  const number = (field: string) => (v: string | number) => form.setFieldValue(field, typeof v === 'number' ? v : Number.NaN);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {failed && (
          <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('organizations.errors.saveFailed'))}</FormSaveError>
        )}
        {conflict && <FormConflict conflict={conflict} />}
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
          disabled={!licenceEditable}
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
            disabled={!licenceEditable}
            {...form.getInputProps('seatLimit')}
            onChange={number('seatLimit')}
          />
        </SimpleGrid>
        <Fieldset legend={t('organizations.fields.screenshotPolicy')} variant="filled">
          <Stack gap="sm">
            <Switch
              label={t('organizations.fields.screenshotsEnabled')}
              {...form.getInputProps('screenshotPolicy.enabled', { type: 'checkbox' })}
            />
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
        <FormActions mt="sm" {...actions} submitLabel={mode === 'create' ? t('organizations.actions.create') : t('common.save')} />
      </Stack>
    </form>
  );
}

export function OrganizationFormDrawer({ editor, canChangeLicence }: { editor: EditorRef; canChangeLicence: boolean }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer editor={editor} titles={{ create: t('organizations.form.createTitle'), edit: t('organizations.form.editTitle') }}>
      <OrganizationForm editor={editor} canChangeLicence={canChangeLicence} />
    </EditorDrawer>
  );
}
