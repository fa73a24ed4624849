import { CONTACT_SOURCES, CONTACT_STATUSES } from '../contacts.ts';

/** A contact's limits and the messages of its form, the import's row checks and the API alike. */

export const CONTACT_TEXT_MAX = 500;
export const CONTACT_TAGS_MAX = 50;

export const CONTACT_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'A contact with this email already exists',
  linkedinInvalid: 'Please enter a valid URL, such as https://www.linkedin.com/in/name',
  textTooLong: (max: number) => `Must be at most ${max} characters`,
  statusInvalid: `Status must be one of: ${CONTACT_STATUSES.join(', ')}`,
  sourceInvalid: `Source must be one of: ${CONTACT_SOURCES.join(', ')}`,
  tagRepeated: 'Each tag can be added only once',
  tooManyTags: `A contact can have at most ${CONTACT_TAGS_MAX} tags`,
  tagsUnknown: (names: readonly string[]) =>
    `${names.length === 1 ? 'Unknown tag' : 'Unknown tags'}: ${names.join(', ')}. Choose tags from the Tags list.`,
  notFound: 'Contact not found',
  deleteConfirm: 'Are you sure you want to delete this contact?',
} as const;
