export { DiscardChangesModal, FormActions, FormDrawer, FormSaveError, useWarnBeforeUnload } from './form-parts';
export { EditorDrawer, useEditorForm, type EditorRef } from './editor-drawer';
