/**
 * The shapes of the public site's content files (public/content/...). The owner edits the JSON;
 * these types say what each page expects to find there.
 */

export interface Link {
  label: string;
  href: string;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface PageMeta {
  title: string;
  description: string;
}

/** public/content/site.json: the same in every language. */
export interface SiteSettings {
  brand: string;
  founder: { name: string; image: string };
  contactEmail: string;
  coupon: string;
  links: {
    /** The free 20-minute get-to-know-you call (Calendly page): linked everywhere, embedded on /appointments. */
    booking: string;
    /** The free implementation session after the webinar: embedded on the replay page. */
    implementationSession: string;
    privacy: string;
    terms: string;
    program: string;
    aiAssistants: string;
    coupon: string;
    articles: string;
  };
  media: {
    webinarVideoId: string;
    thanksVideoId: string;
    replayVideoId: string;
    downloads: { transcript: string; chat: string; summary: string };
  };
  webinarEvent: { icsUrl: string };
  /** The short footer of the webinar pages, which is always German. */
  shortFooter: { impressum: string; privacy: string; terms: string; cookiePolicy: string; rights: string };
  legal: {
    company: string;
    representative: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    email: string;
    phone: string;
    vatId: string;
    register: string;
    responsible: string;
  };
}

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  content: string;
  rating: number;
  image: string;
}

export interface CommonContent {
  skipToContent: string;
  nav: { home: string; program: string; webinar: string; about: string; book: string };
  languageSwitch: { label: string; en: string; de: string };
  cookieBanner: { title: string; text: string; policyLink: string; accept: string; decline: string };
  consent: { videoTitle: string; videoText: string; bookingTitle: string; bookingText: string; accept: string; missingVideo: string };
  footer: {
    about: string;
    programsTitle: string;
    program: string;
    webinar: string;
    programExternal: string;
    companyTitle: string;
    aboutLink: string;
    appointments: string;
    contactTitle: string;
    book: string;
    reply: string;
    legalTitle: string;
    impressum: string;
    cookiePolicy: string;
    privacy: string;
    terms: string;
    rights: string;
  };
  testimonials: { title: string; subtitle: string; ratingLabel: string; items: Testimonial[] };
  stats: Array<{ value: string; label: string }>;
  waitingList: {
    title: string;
    description: string;
    fullName: { label: string; placeholder: string };
    email: { label: string; placeholder: string };
    phone: { label: string; placeholder: string; optional: string };
    submit: string;
    joining: string;
    syncing: string;
    privacy: string;
    close: string;
    confirmation: { badge: string; title: string; text: string; steps: string[]; button: string };
  };
  signup: { syncing: string; close: string; privacy: string; optional: string };
}

export interface HomeContent {
  meta: PageMeta;
  hero: {
    eyebrow: string;
    title: string;
    highlight: string;
    subtitle: string;
    primaryCta: string;
    secondaryCta: string;
    note: string;
    panel: { title: string; steps: TitledText[]; footer: string };
  };
  about: { eyebrow: string; title: string; paragraphs: string[]; highlights: string[]; imageAlt: string };
  programs: {
    eyebrow: string;
    title: string;
    subtitle: string;
    items: Array<{ badge: string; title: string; description: string; facts: string[]; cta: string; href: string }>;
  };
  benefits: { eyebrow: string; title: string; subtitle: string; items: TitledText[] };
  finalCta: { title: string; text: string; button: string; secondary: string; note: string };
}

export interface MasteryContent {
  meta: PageMeta;
  hero: { badge: string; title: string; highlight: string; subtitle: string; facts: string[]; cta: string; note: string; glanceTitle: string; glance: Array<{ label: string; value: string }> };
  problem: { eyebrow: string; title: string; intro: string; items: TitledText[] };
  audience: { eyebrow: string; title: string; items: string[]; notFor: { title: string; items: string[] } };
  path: { eyebrow: string; title: string; subtitle: string; steps: Array<{ title: string; weeks: string; description: string; outcomes: string[] }> };
  program: {
    eyebrow: string;
    title: string;
    subtitle: string;
    components: TitledText[];
    details: Array<{ label: string; value: string }>;
    cta: string;
  };
  founder: { eyebrow: string; title: string; paragraphs: string[]; signature: string; imageAlt: string };
  closing: { title: string; text: string; button: string; note: string };
}

/** public/webinar-content.json (German) and webinar-content.en.json, read through their `webinar` field. */
export interface WebinarContent {
  hero: { badge: string; title: string; subtitle: string; highlightText: string; ctaButton: string; ctaDetails: string };
  problems: { title: string; items: TitledText[]; summary: TitledText };
  targetAudience: { title: string; items: string[] };
  benefits: { title: string; items: string[] };
  cta: { title: string; button: string; details: string };
  modal: {
    title: string;
    description: string;
    form: Record<'name' | 'email' | 'phone', { label: string; placeholder: string }>;
    buttons: { submit: string; loading: string };
  };
  success: { title: string; description: string; button: string };
}

export interface WebinarPageContent {
  meta: PageMeta;
  error: { title: string; hint: string; reload: string };
  event: { title: string; date: string; time: string; place: string; price: string };
  video: { title: string };
  bonus: { badge: string; title: string; description: string; items: string[]; regularPrice: string; todayPrice: string; note: string };
  founder: { eyebrow: string; title: string; paragraphs: string[]; imageAlt: string };
}

export interface ThanksContent {
  meta: PageMeta;
  badge: string;
  title: string;
  text: string;
  progress: { label: string; hint: string };
  video: { title: string };
  /** googleCalendarUrl: the webinar as a Google Calendar template, its text in this language. */
  step1: { title: string; text: string; google: string; googleCalendarUrl: string; ics: string };
  step2: { title: string; text: string; credits: string; assistants: TitledText[]; couponLabel: string; button: string };
  bonus: { title: string; text: string };
  back: string;
}

export interface ReplayContent {
  meta: PageMeta;
  badge: string;
  title: string;
  intro: string;
  video: { title: string };
  booking: { title: string; text: string; fallback: string };
  downloads: { title: string; text: string; transcript: string; chat: string; summary: string; format: string };
  assistants: { title: string; text: string; button: string };
  back: string;
}

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface ImpressumContent {
  meta: PageMeta;
  title: string;
  provider: string;
  representedBy: string;
  contact: string;
  phone: string;
  email: string;
  register: string;
  vatId: string;
  responsible: string;
  sections: LegalSection[];
}

export interface CookiePolicyContent {
  meta: PageMeta;
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
  table: { title: string; headers: [string, string, string, string]; rows: Array<[string, string, string, string]> };
  settings: { title: string; text: string; current: string; accepted: string; declined: string; none: string; button: string };
}

export interface AppointmentsContent {
  meta: PageMeta;
  eyebrow: string;
  title: string;
  text: string;
  expectations: TitledText[];
  widgetTitle: string;
  fallback: string;
}

export interface SubscribedContent {
  meta: PageMeta;
  badge: string;
  title: string;
  text: string;
  cards: Array<TitledText & { button: string; link: 'articles' | 'booking' | 'aiAssistants' }>;
  back: string;
}
