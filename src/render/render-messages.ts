/** Texts the renderer adds to a page. */
export const RENDER_MESSAGES = {
  noImage: 'No image selected',
  noVideo: 'No video selected',
  videoUnsupported: 'Your browser cannot play this video.',
  downloadVideo: 'Download the video',
  invalidYouTube: (input: string) =>
    input.trim() === '' ? 'No YouTube video chosen: enter a YouTube link or video id.' : `"${input}" is not a YouTube link or video id.`,
  loadVideo: 'Load video',
  youtubeConsent: 'Loading the video connects to YouTube, which sets cookies.',
  watchOnYouTube: 'Watch on YouTube',
  selectPlaceholder: 'Select…',
  menu: 'Menu',
  mainNavigation: 'Main',
  home: 'Home',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  unknownAt: (where: string, id: string) => `${where} (id "${id}")`,
} as const;
