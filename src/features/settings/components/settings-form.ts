import type { UseFormReturn } from 'react-hook-form';
import type { SettingsInput, SettingsValues } from '../schemas/settings-schema';

export type SettingsForm = UseFormReturn<SettingsInput, unknown, SettingsValues>;
