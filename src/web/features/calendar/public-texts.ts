import type { OperatingSystem } from './detect-os.ts';

/** The public download page in English and German: the visitor's choice (the site's language cookie), else the browser's. */
export type PublicLanguage = 'en' | 'de';


export interface PublicTexts {
  /** The language switch: its label, and each language by its own name. */
  languageLabel: string;
  loading: string;
  errorTitle: string;
  notFound: string;
  genericError: string;
  retry: string;
  downloading: string;
  downloadStarted: string;
  downloadButton: string;
  instructionsTitle: Record<OperatingSystem, string>;
  instructions: Record<OperatingSystem, string[]>;
  addDirectly: string;
  addToGoogle: string;
  addToOutlook: string;
  opensInNewTab: string;
  tip: string;
  fallbackTitle: string;
  fallback: string;
  when: string;
  where: string;
}

const OPEN_FILE_EN = 'Open the downloaded file: click it in your browser’s download list, or find it in your Downloads folder.';
const OPEN_FILE_DE = 'Öffne die heruntergeladene Datei: Klicke sie in der Download-Liste deines Browsers an oder suche sie im Ordner „Downloads“.';

export const PUBLIC_TEXTS: Record<PublicLanguage, PublicTexts> = {
  en: {
    languageLabel: 'Language',
    loading: 'Loading your event...',
    errorTitle: 'Event not available',
    notFound: 'We could not find this event. The link may be incomplete, or the event has been removed.',
    genericError: 'Something went wrong while loading the event. Please try again in a moment.',
    retry: 'Try again',
    downloading: 'Your calendar file is on its way',
    downloadStarted: 'The calendar file (.ics) downloads automatically.',
    downloadButton: 'Download calendar file (.ics)',
    instructionsTitle: {
      mac: 'Add it on your Mac, iPhone or iPad',
      windows: 'Add it on Windows',
      linux: 'Add it on Linux',
      unknown: 'Add it to your calendar',
    },
    instructions: {
      mac: [OPEN_FILE_EN, 'Apple Calendar opens and shows the event.', 'Choose the calendar it belongs in and click OK (Add on iPhone and iPad).'],
      windows: [OPEN_FILE_EN, 'Outlook or the Windows Calendar app opens and shows the event.', 'Click “Save & Close” in Outlook, or “Save” in the Calendar app.'],
      linux: [
        OPEN_FILE_EN,
        'Choose your calendar app, for example Thunderbird, GNOME Calendar or KOrganizer.',
        'Confirm the import to add the event.',
      ],
      unknown: [OPEN_FILE_EN, 'Your calendar app opens and shows the event.', 'Confirm to add it to your calendar.'],
    },
    addDirectly: 'Or add it directly',
    addToGoogle: 'Google Calendar',
    addToOutlook: 'Outlook',
    opensInNewTab: '(opens in a new tab)',
    tip: 'Tip: If the download did not start, use the button above. Your browser may ask you to allow the download first.',
    fallbackTitle: 'Nothing worked?',
    fallback: 'Add the event to your calendar by hand with these details:',
    when: 'When',
    where: 'Where',
  },
  de: {
    languageLabel: 'Sprache',
    loading: 'Dein Termin wird geladen...',
    errorTitle: 'Termin nicht verfügbar',
    notFound: 'Diesen Termin konnten wir nicht finden. Vielleicht ist der Link unvollständig, oder der Termin wurde entfernt.',
    genericError: 'Beim Laden des Termins ist ein Fehler aufgetreten. Bitte versuche es gleich noch einmal.',
    retry: 'Erneut versuchen',
    downloading: 'Deine Kalenderdatei ist unterwegs',
    downloadStarted: 'Die Kalenderdatei (.ics) wird automatisch heruntergeladen.',
    downloadButton: 'Kalenderdatei (.ics) herunterladen',
    instructionsTitle: {
      mac: 'So fügst du ihn auf Mac, iPhone oder iPad hinzu',
      windows: 'So fügst du ihn unter Windows hinzu',
      linux: 'So fügst du ihn unter Linux hinzu',
      unknown: 'So fügst du ihn deinem Kalender hinzu',
    },
    instructions: {
      mac: [OPEN_FILE_DE, 'Apple Kalender öffnet sich und zeigt den Termin.', 'Wähle den passenden Kalender und klicke auf „OK“ (auf iPhone und iPad „Hinzufügen“).'],
      windows: [
        OPEN_FILE_DE,
        'Outlook oder die Kalender-App von Windows öffnet sich und zeigt den Termin.',
        'Klicke in Outlook auf „Speichern & schließen“ oder in der Kalender-App auf „Speichern“.',
      ],
      linux: [
        OPEN_FILE_DE,
        'Wähle deine Kalender-App, zum Beispiel Thunderbird, GNOME Kalender oder KOrganizer.',
        'Bestätige den Import, um den Termin hinzuzufügen.',
      ],
      unknown: [OPEN_FILE_DE, 'Deine Kalender-App öffnet sich und zeigt den Termin.', 'Bestätige, um ihn deinem Kalender hinzuzufügen.'],
    },
    addDirectly: 'Oder direkt hinzufügen',
    addToGoogle: 'Google Kalender',
    addToOutlook: 'Outlook',
    opensInNewTab: '(öffnet in einem neuen Tab)',
    tip: 'Tipp: Falls der Download nicht gestartet ist, nutze den Button oben. Eventuell fragt dein Browser zuerst, ob er den Download erlauben soll.',
    fallbackTitle: 'Hat nichts geklappt?',
    fallback: 'Trage den Termin mit diesen Angaben selbst in deinen Kalender ein:',
    when: 'Wann',
    where: 'Wo',
  },
};
