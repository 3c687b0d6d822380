import { EMPTY_REGISTRATION_FORM, type RegistrationForm } from '@baobei/shared/rules/registration';
import { create } from 'zustand';

/**
 * The registration form while its selection screens are open (/register/select/company and
 * /register/select/channel). In memory only: it holds the password, and a reload starting
 * over is what a user of a sign-up form expects.
 */
export interface RegistrationDraft extends Required<RegistrationForm> {
  channelId: number | null;
  channelName: string;
  /** Region labels from the province down, for the row's text. */
  locationLabels: string[];
  /** The credit code lookup failed: the user types it (part 2, section 8). */
  creditEditable: boolean;
}

export const EMPTY_DRAFT: RegistrationDraft = {
  ...EMPTY_REGISTRATION_FORM,
  channelId: null,
  channelName: '',
  locationLabels: [],
  creditEditable: false,
};

export const useRegistrationDraft = create<RegistrationDraft>()(() => ({ ...EMPTY_DRAFT }));

export function updateRegistrationDraft(change: Partial<RegistrationDraft>): void {
  useRegistrationDraft.setState(change);
}

export function resetRegistrationDraft(): void {
  useRegistrationDraft.setState({ ...EMPTY_DRAFT }, true);
}
