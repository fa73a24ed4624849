/** Limits of a calendar event's fields: the least a count or a reminder may be, and maximums that only stop garbage. */
export const CALENDAR_LIMITS = {
  titleMax: 300,
  descriptionMax: 10_000,
  locationMax: 500,
  guestsMax: 100,
  guestsTextMax: 10_000,
  nameMax: 200,
  emailMax: 320,
  sourceWebsiteMax: 2_000,
  reminderMinutesMin: 1,
  /** Four weeks. */
  reminderMinutesMax: 40_320,
  intervalMin: 1,
  intervalMax: 999,
  countMin: 1,
  countMax: 1_000,
} as const;
