import { describe, expect, it } from 'vitest';
import { extractYouTubeId } from './youtube.ts';

describe('extractYouTubeId', () => {
  it('takes the id from watch, short-link and embed URLs', () => {
    for (const input of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc&t=10',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      '  https://youtu.be/dQw4w9WgXcQ  ',
    ]) {
      expect(extractYouTubeId(input), input).toBe('dQw4w9WgXcQ');
    }
  });

  it('takes a bare id', () => {
    expect(extractYouTubeId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(extractYouTubeId('a-b_c1234XY')).toBe('a-b_c1234XY');
  });

  it('gives null for anything else', () => {
    for (const input of [
      '',
      'not a video',
      'dQw4w9WgXc',
      'https://vimeo.com/123456789',
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC1234567890',
      'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
      'https://youtu.be.evil.example/dQw4w9WgXcQ',
    ]) {
      expect(extractYouTubeId(input), input).toBeNull();
    }
  });
});
