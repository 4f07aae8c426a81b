/** Service, policy and about articles as the pre-rendered pages need them: every article of a navigation category. */
import type { Api } from './api/client.ts';
import { content, type ArticleSummary } from './api/contract/content.ts';

/** Every article of a category (and its children), paging through the list. */
export async function articlesOf(api: Api, categoryId: number): Promise<ArticleSummary[]> {
  const all: ArticleSummary[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await api.call(content.articleList, { input: { categoryId: String(categoryId), pageNumber, pageSize: 100 } });
    all.push(...page.list);
    if (all.length >= page.total || page.list.length === 0) return all;
  }
}

/** The navigation categories whose articles live under a route of their own. */
export const ARTICLE_SECTIONS = {
  policies: { categoryId: 17, route: '/services/policies', label: '服务政策' },
  privacy: { categoryId: 64, route: '/services/privacy', label: '隐私政策' },
} as const;
export type ArticleSection = keyof typeof ARTICLE_SECTIONS;
