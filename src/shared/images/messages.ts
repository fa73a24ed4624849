/*
 * The image library's texts, shared by the server and the screens: the texts users have always seen
 * (tests pin them), then a few for cases those do not cover.
 */

export const IMAGE_MESSAGES = {
  notAuthenticated: 'User not authenticated. Please log in and try again.',
  invalidType: 'Invalid file type. Please upload JPG, PNG, GIF, or WebP images.',
  tooLarge: 'File size too large. Maximum size is 5MB.',
  metadataFailed: 'Failed to extract image metadata',
  optimizeFailed: 'Failed to optimize image',
  loadForOptimizationFailed: 'Failed to load image for optimization',
  loadFailed: 'Failed to load images',
  deleteFailed: 'Failed to delete image',
  deleteSomeFailed: 'Failed to delete some images',
  testing: 'Testing connection...',
  connectionSucceeded: 'Connection successful! All systems operational.',
  databaseFailed: 'Database connection failed',
  storageFailed: 'Storage access failed',
  bothSucceeded: 'Database and storage connections successful',
  emptyLibrary: 'No images uploaded yet',
  noMatches: 'No images found',
  // Cases the texts above do not cover.
  noFile: 'Choose an image to upload.',
  tooManyPixels: 'Image dimensions too large. Maximum is 50 megapixels.',
  notFound: 'Image not found',
  inUse: 'This image is used on a landing page. Confirm to delete it anyway.',
  uploadIncomplete: 'The upload did not arrive whole. Choose the image again and retry.',
  fileNameDisguised: "This file's name contains invisible text-direction characters, which can disguise what it is. Rename the file and try again.",
} as const;

/** 'Failed to upload image to storage: {reason}' */
export const storageFailedMessage = (reason: string) => `Failed to upload image to storage: ${reason}`;
/** 'Failed to save image record: {reason}' (the stored file is removed). */
export const recordFailedMessage = (reason: string) => `Failed to save image record: ${reason}`;
/** 'An unexpected error occurred: {reason}' */
export const unexpectedErrorMessage = (reason: string) => `An unexpected error occurred: ${reason}`;
/** 'Failed to upload {file}: {reason}' (a library banner). */
export const uploadFailedMessage = (file: string, reason: string) => `Failed to upload ${file}: ${reason}`;
/** A batch with more than one failed file: '{failed} of {total} uploads failed', each file listed below it. */
export const uploadsFailedMessage = (failed: number, total: number) => `${failed} of ${total} uploads failed`;
/** How many files of a batch with failures did arrive. */
export const uploadedCountMessage = (count: number) => (count === 1 ? '1 image uploaded' : `${count} images uploaded`);
/** 'Connection failed: {message}' */
export const connectionFailedMessage = (message: string) => `Connection failed: ${message}`;
