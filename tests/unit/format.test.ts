import { describe, expect, it } from 'vitest';
import { formatFileSize, formatNumber } from '#site/lib/numbers.ts';
import { formatCop } from '#shared/format/money.ts';
import {
  formatDateButton,
  formatDuration,
  formatHour,
  formatLongDate,
  formatReleaseDate,
  isoDuration,
} from '#shared/format/dates.ts';
import { trailerEmbedUrl, trailerVideoId } from '#bff/catalogue/trailer.ts';

describe('formatCop', () => {
  it('groups thousands with dots and shows no decimals', () => {
    expect(formatCop(25000)).toBe('$ 25.000');
    expect(formatCop(1_234_567)).toBe('$ 1.234.567');
    expect(formatCop(0)).toBe('$ 0');
  });

  it('rounds cents away instead of showing them', () => {
    expect(formatCop(10999.6)).toBe('$ 11.000');
  });
});

describe('Bogotá dates and hours', () => {
  it('formats a calendar date in Spanish without slipping a day', () => {
    expect(formatLongDate('2026-11-22')).toBe('Domingo, 22 de noviembre');
    expect(formatReleaseDate('2026-12-25')).toBe('25 de diciembre de 2026');
    expect(formatDateButton('2026-11-22')).toEqual({ weekday: 'Dom', day: '22 nov' });
  });

  it('keeps unreadable dates as they came', () => {
    expect(formatLongDate('pronto')).toBe('pronto');
  });

  it('shows theater hours on a 12-hour clock', () => {
    expect(formatHour('19:30:00')).toBe('7:30 p. m.');
    expect(formatHour('09:05')).toBe('9:05 a. m.');
    expect(formatHour('00:15:00')).toBe('12:15 a. m.');
  });

  it('builds durations for structured data', () => {
    expect(isoDuration(135)).toBe('PT135M');
    expect(formatDuration(135)).toBe('2 h 15 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
  });
});

describe('trailer embed URL', () => {
  const id = 'dQw4w9WgXcQ';

  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `https://www.youtube.com/watch?v=${id}&t=42s`,
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?si=abc`,
    `https://www.youtube.com/embed/${id}`,
    `watch?v=${id}`,
  ])('takes the video id from %s', (link) => {
    expect(trailerVideoId(link)).toBe(id);
  });

  it('embeds from the privacy-enhanced domain', () => {
    expect(trailerEmbedUrl(`https://youtu.be/${id}`)).toBe(
      `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
    );
  });

  it('refuses empty links and anything that is not a video id', () => {
    expect(trailerEmbedUrl('')).toBeNull();
    expect(trailerEmbedUrl(null)).toBeNull();
    expect(trailerEmbedUrl('https://www.youtube.com/watch')).toBeNull();
    expect(trailerEmbedUrl('https://evil.example/"><script>')).toBeNull();
  });
});

describe('es-CO numbers', () => {
  it('writes decimals with a comma and groups thousands with a dot', () => {
    expect(formatNumber(3.5, 1)).toBe('3,5');
    expect(formatNumber(1300)).toBe('1.300');
    expect(formatNumber(12345.67, 1)).toBe('12.345,7');
    expect(formatNumber(3.5)).toBe('4');
  });

  it('writes file sizes in B, KB and MB with a decimal comma', () => {
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(12.5 * 1024)).toBe('12,5 KB');
    expect(formatFileSize(3.2 * 1024 * 1024)).toBe('3,2 MB');
  });
});
