/** `npm run measure:relevance`: success at 1 and at 5 of the goods search on the repository's gas query set (scripts/lib/search-relevance.ts); exits 1 below docs/architecture.md §7's bars (0.9, 0.95). */
import { measureRelevance, RELEVANCE_SET } from '#scripts/lib/search-relevance.ts';

const { at1, at5, misses } = await measureRelevance();
console.log(`queries ${RELEVANCE_SET.length}  success@1 ${at1.toFixed(3)}  success@5 ${at5.toFixed(3)}`);
for (const m of misses) console.log(`  not in the first five: ${m.query} → ${m.got.join(', ') || '(nothing)'}`);
if (at1 < 0.9 || at5 < 0.95) process.exit(1);
