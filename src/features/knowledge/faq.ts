/** The FAQ of the services pages: its groups (the navigation's children of 常见问题) with their questions, and FAQPage structured data. */
import type { Article } from '#src/shared/api/contract/content.ts';
import type { NavItem } from '#src/shared/api/contract/site.ts';
import { FAQ_ID } from '#src/features/shell/service-menu.ts';
import { plainText } from './text.ts';

export interface FaqGroup {
  id: number;
  label: string;
  questions: Article[];
}

/** The FAQ's groups in menu order, each with its articles in the API's order; articles filed directly under the FAQ form a group of their own. */
export function faqGroups(tree: readonly NavItem[], articles: readonly Article[]): FaqGroup[] {
  const faq = tree.flatMap((n) => n.children).find((n) => n.id === FAQ_ID);
  if (!faq) return [];
  const groups = faq.children.map((g) => ({ id: g.id, label: g.categoryName, questions: articles.filter((a) => a.categoryId === g.id) }));
  const direct = articles.filter((a) => a.categoryId === FAQ_ID);
  return [...(direct.length ? [{ id: FAQ_ID, label: faq.categoryName, questions: direct }] : []), ...groups];
}

/** The group an FAQ article belongs to, or undefined when it is no FAQ article. */
export function faqGroupOf(groups: readonly FaqGroup[], articleId: number): FaqGroup | undefined {
  return groups.find((g) => g.questions.some((q) => q.articleId === articleId));
}

/** schema.org FAQPage of questions and their answers, the answers as plain text. */
export function faqPageLd(questions: readonly Pick<Article, 'title' | 'content'>[], url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    url,
    mainEntity: questions.map((q) => ({
      '@type': 'Question',
      name: q.title,
      acceptedAnswer: { '@type': 'Answer', text: plainText(q.content) },
    })),
  };
}
