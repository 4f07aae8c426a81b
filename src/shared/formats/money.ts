/** Money as the shop shows it: yuan with two decimals and thousands separators. */
const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatPrice = (n: number): string => yuan.format(n);
