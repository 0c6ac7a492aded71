export { DiscardChangesModal, FormActions, FormSaveError, useWarnBeforeUnload } from './form-parts';
