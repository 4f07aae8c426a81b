/** `import url from './x.ts?lazy-url'`: the built URL of x.ts as a chunk of its own, for `import(url)` (build/light-chrome.ts). */
declare module '*?lazy-url' {
  const url: string;
  export default url;
}
