import { FIGURES_DAYS, type PageFigures } from '../../shared/landing-pages/api.ts';
import type { Db } from '../db/client.ts';
import { countSubmissionsByPage } from '../leads/service.ts';
import { viewsByDay } from './page-views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * What each page earned over the last FIGURES_DAYS days (today included): views per day for the
 * sparkline, total views, sign-ups, and the conversion rate (null before the first view).
 */
export async function pageFigures(db: Db, pageIds: string[], now = new Date()): Promise<Map<string, PageFigures>> {
  const days = Array.from({ length: FIGURES_DAYS }, (_, i) => isoDay(now.getTime() - (FIGURES_DAYS - 1 - i) * DAY_MS));
  const since = days[0]!;
  const [views, signups] = await Promise.all([viewsByDay(db, pageIds, since), countSubmissionsByPage(db, pageIds, new Date(`${since}T00:00:00Z`))]);
  const figures = new Map<string, PageFigures>();
  for (const id of pageIds) {
    const daily = new Map(views.filter((v) => v.page_id === id).map((v) => [v.day, v.views]));
    const daily_views = days.map((day) => daily.get(day) ?? 0);
    const total = daily_views.reduce((sum, n) => sum + n, 0);
    const pageSignups = signups.get(id) ?? 0;
    figures.set(id, { views: total, signups: pageSignups, conversion: total > 0 ? pageSignups / total : null, daily_views });
  }
  return figures;
}
