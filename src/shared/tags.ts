export const DEFAULT_TAG_COLOR = '#8B5CF6';
/** The tag every sync to Kit carries, always preselected. */
export const KIT_DEFAULT_TAG = 'via_mycrm';
