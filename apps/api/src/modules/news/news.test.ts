import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { NEWS_CATEGORIES } from './categories';

const ctx = useTestContext();

describe('news', () => {
  it('lists every category in English and Chinese, paged, without the content', async () => {
    for (const c_id of Object.values(NEWS_CATEGORIES)) {
      for (const lang of ['en', 'zh']) {
        const answer = await ctx.post('/api/news/list', { c_id, lang });
        expect(answer.body.type).toBe('ok');
        const { list, count, page, limit, version } = answer.body.message;
        expect(count).toBeGreaterThan(0);
        expect(list.length).toBeGreaterThan(0);
        expect({ page, limit }).toEqual({ page: 1, limit: 15 });
        expect(version.key).toBe('version');
        for (const item of list) {
          expect(item).toMatchObject({ c_id, lang });
          expect(item).not.toHaveProperty('content');
          expect(item.update_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        }
      }
    }
    const banners = await ctx.post('/api/news/list', { c_id: NEWS_CATEGORIES.banners });
    expect(banners.body.message.list[0].cover).toMatch(/^\/banners\/.+\.svg$/);
    const page2 = await ctx.post('/api/news/list', { c_id: NEWS_CATEGORIES.notices, limit: 3, page: 2 });
    expect(page2.body.message.list).toHaveLength(3);
  });

  it('falls back to English for a language without articles', async () => {
    const answer = await ctx.post('/api/news/list', { c_id: NEWS_CATEGORIES.header, lang: 'th' });
    expect(answer.body.message.list[0].lang).toBe('en');
  });

  it('shows the detail of a notice and refuses unknown or malformed ids', async () => {
    const list = await ctx.post('/api/news/list', { c_id: NEWS_CATEGORIES.notices, limit: 1 });
    const id = list.body.message.list[0].id as number;
    const detail = await ctx.post('/api/news/detail', { id });
    expect(detail.body.type).toBe('ok');
    expect(detail.body.message).toMatchObject({ id, title: list.body.message.list[0].title });
    expect(detail.body.message.content).toContain('<p>');
    expect((await ctx.post('/api/news/detail', { id: 999_999 })).body).toEqual({
      type: 'error',
      message: 'This notice does not exist',
    });
    for (const bad of ['abc', '-1', '0', '1.5']) {
      expect((await ctx.post('/api/news/detail', { id: bad })).body.type).toBe('error');
    }
    expect((await ctx.post('/api/news/list', { c_id: 4, limit: 1000 })).body.type).toBe('error');
  });
});
