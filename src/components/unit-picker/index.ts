export { UnitPicker, type UnitPickerText } from './unit-picker';
