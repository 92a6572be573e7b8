import { PASSWORD_MIN_LENGTH, USERNAME_CHECKLIST_MIN_LENGTH } from '../contract/constants';

export interface SignUpDraft {
  role: string;
  fullName: string;
  username: string;
  email: string;
  password: string;
  zipCode: string;
}

export interface ChecklistItem {
  key: 'role' | 'fullName' | 'username' | 'email' | 'password' | 'zipCode';
  label: string;
  done: boolean;
}

/** Spec 2: the live checklist under Sign Up, in its order, plus the ZIP code (design 5). */
export function signUpChecklist(draft: SignUpDraft): ChecklistItem[] {
  return [
    { key: 'role', label: 'Role selected', done: draft.role !== '' },
    { key: 'fullName', label: 'Full name entered', done: draft.fullName.trim() !== '' },
    {
      key: 'username',
      label: `Username (${USERNAME_CHECKLIST_MIN_LENGTH}+ characters)`,
      done: draft.username.trim().length >= USERNAME_CHECKLIST_MIN_LENGTH,
    },
    { key: 'email', label: 'Valid email address', done: draft.email.includes('@') },
    {
      key: 'password',
      label: `Password (${PASSWORD_MIN_LENGTH}+ characters)`,
      done: draft.password.length >= PASSWORD_MIN_LENGTH,
    },
    { key: 'zipCode', label: '5-digit ZIP code', done: /^\d{5}$/.test(draft.zipCode.trim()) },
  ];
}

/**
 * Spec 5: Create Account is disabled while a request runs, or when role, full name, username,
 * email or ZIP code is empty, or the password is shorter than 6. Whitespace-only values are not
 * "empty" here on purpose: they reach the validation toasts below.
 */
export function canSubmitSignUp(draft: SignUpDraft, isPending: boolean): boolean {
  return (
    !isPending &&
    draft.role !== '' &&
    draft.fullName !== '' &&
    draft.username !== '' &&
    draft.email !== '' &&
    draft.zipCode !== '' &&
    draft.password.length >= PASSWORD_MIN_LENGTH
  );
}
