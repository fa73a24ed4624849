import { CALENDAR_LIMITS as L } from './limits.ts';

/** Every text of the calendar tools: the texts users have always seen (tests pin them), then a few of our own. */
export const CALENDAR_MESSAGES = {
  // Validation
  requiredForGenerate: 'Please fill in all required fields (Title, Start Date/Time, End Date/Time)',
  requiredForSave: 'Please fill in all required fields before saving',
  invalidDateTime: 'Invalid date/time format',
  eventNotFound: 'Event not found',

  // Error toasts
  loadForEditFailed: 'Failed to load event data for editing.',
  noLinkToCopy: 'No link to copy. Please generate a link first.',
  copyLinkFailed: 'Failed to copy link to clipboard',
  noIcsToDownload: 'No .ics file to download. Please generate a calendar link first.',
  noIcsToCopy: 'No .ics content to copy. Please generate a calendar link first.',
  copyIcsFailed: 'Failed to copy .ics content to clipboard',
  saveFailed: 'Failed to save event. Please try again.',
  loadEventsFailed: 'Failed to load calendar events. Please try again.',
  deleteFailed: 'Failed to delete event. Please try again.',
  downloadIcsFailed: 'Failed to download ICS file. Please try again.',
  generateIcsFailed: 'Failed to generate .ics file',

  // Success toasts
  generated: 'Calendar link and .ics file generated successfully!',
  linkCopied: 'Link copied to clipboard!',
  icsDownloaded: '.ics file downloaded successfully!',
  icsCopied: '.ics content copied to clipboard!',
  saved: 'Event saved successfully! You can now use the download URL in your newsletter.',
  updated: 'Event updated successfully! You can now use the updated download URL in your newsletter.',
  deleted: 'Event deleted successfully.',
  managerIcsDownloaded: 'ICS file downloaded successfully.',
  downloadUrlCopied: 'Download URL copied to clipboard.',

  confirmDelete: 'Are you sure you want to delete this event? This action cannot be undone.',

  // Our own: an end before the start, and the time zone list
  endBeforeStart: 'The end is before the start. Choose a later end, or let the event end the next day.',
  endNextDay: (date: string) => `End on the next day (${date})`,
  timezoneInvalid: 'Please choose a time zone from the list',
  frequencyInvalid: 'Please choose a repeat frequency from the list',
  reminderMinutesInvalid: `Reminder minutes must be a whole number from ${L.reminderMinutesMin} to ${L.reminderMinutesMax} (4 weeks)`,
  intervalInvalid: `The repeat interval must be a whole number from ${L.intervalMin} to ${L.intervalMax}`,
  countInvalid: `The number of occurrences must be a whole number from ${L.countMin} to ${L.countMax}`,
  tooLong: (max: number) => `Please use at most ${max} characters`,
  tooManyGuests: `Please add at most ${L.guestsMax} guests`,
} as const;
