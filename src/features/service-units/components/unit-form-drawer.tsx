import { NumberInput, Select, Stack, Switch, Tabs, TagsInput, Textarea, TextInput } from '@mantine/core';
import { IconForms, IconPlugConnected } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { can } from '@machines/permissions/can';
import { EditorDrawer, FormActions, FormConflict, FormSaveError, useEditorForm } from '@/components/form-drawer';
import { useCharacterCounter } from '@/lib/field-error-text';
import { subjectFor } from '@/lib/roles';
import { useSessionAccess } from '@/lib/session';
import type { UnitFormValues } from '../api/types';
import { OPERATING_SYSTEMS, type unitEditorMachine } from '../hooks/use-service-units';
import { UNIT_TEXT_RULES } from '../schema';
import { AgentEnrolmentPanel } from './agent-enrolment-panel';

type EditorRef = ActorRefFrom<typeof unitEditorMachine>;

/**
 * Create/edit form. Mantine's form holds the inputs; every change is mirrored into the editor machine,
 * which owns validation, submitting, the server's field errors and the discard question.
 */
function UnitForm({ editor, tags }: { editor: EditorRef; tags: string[] }) {
  const { t } = useTranslation();
  const counter = useCharacterCounter();
  const { form, mode, failed, formError, hasFieldErrors, conflict, onSubmit, actions } = useEditorForm(
    editor,
    'service-units',
    (field) => ({
      label: t(`service-units.fields.${field === 'screenshotIntervalMinutes' ? 'screenshotInterval' : field}`),
      max: field in UNIT_TEXT_RULES ? UNIT_TEXT_RULES[field as keyof typeof UNIT_TEXT_RULES].max : undefined,
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {failed && (
          <FormSaveError>{hasFieldErrors ? t('data-list.fixErrors') : (formError ?? t('service-units.errors.saveFailed'))}</FormSaveError>
        )}
        {conflict && <FormConflict conflict={conflict} />}
        <TextInput
          label={t('service-units.fields.name')}
          required
          description={counter(form.values.name, UNIT_TEXT_RULES.name.max)}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('service-units.fields.hostname')}
          required
          description={t('service-units.fields.hostnameHint')}
          {...form.getInputProps('hostname')}
        />
        <TextInput
          label={t('service-units.fields.ipAddress')}
          description={t('service-units.fields.ipAddressHint')}
          {...form.getInputProps('ipAddress')}
        />
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
        <FormActions mt="sm" {...actions} submitLabel={mode === 'create' ? t('service-units.actions.create') : t('common.save')} />
      </Stack>
    </form>
  );
}

export function UnitFormDrawer({ editor, tags }: { editor: EditorRef; tags: string[] }) {
  const { t } = useTranslation();
  const creating = useSelector(editor, (s) => s.context.mode === 'create');
  const access = useSessionAccess();
  // The same question as the New unit button: an enrolled agent creates a unit.
  const mayEnrol =
    access.status === 'signedIn' && access.role !== undefined && can(subjectFor(access.role), 'create', 'serviceUnit').allowed;
  return (
    <EditorDrawer editor={editor} titles={{ create: t('service-units.form.createTitle'), edit: t('service-units.form.editTitle') }}>
      {creating && mayEnrol ? (
        // Both panels stay mounted: switching keeps what was typed in the form, and the token shown.
        <Tabs defaultValue="form" keepMounted>
          <Tabs.List mb="md">
            <Tabs.Tab value="form" leftSection={<IconForms size={16} aria-hidden />}>
              {t('service-units.enrol.tabForm')}
            </Tabs.Tab>
            <Tabs.Tab value="agent" leftSection={<IconPlugConnected size={16} aria-hidden />}>
              {t('service-units.enrol.tabAgent')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="form">
            <UnitForm editor={editor} tags={tags} />
          </Tabs.Panel>
          <Tabs.Panel value="agent">
            <AgentEnrolmentPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <UnitForm editor={editor} tags={tags} />
      )}
    </EditorDrawer>
  );
}
