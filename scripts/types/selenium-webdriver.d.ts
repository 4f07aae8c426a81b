/** The part of selenium-webdriver (no bundled types, no @types package installed) that scripts/smoke-engines.ts uses. */
declare module 'selenium-webdriver' {
  export interface WebElement {
    click(): Promise<void>;
    sendKeys(...keys: string[]): Promise<void>;
  }
  export interface Capabilities {
    get(key: string): unknown;
  }
  export interface WebDriver {
    get(url: string): Promise<void>;
    findElement(locator: By): Promise<WebElement>;
    executeScript<T = unknown>(script: string, ...args: unknown[]): Promise<T>;
    takeScreenshot(): Promise<string>;
    getCapabilities(): Promise<Capabilities>;
    manage(): { window(): { setRect(r: { width?: number; height?: number; x?: number; y?: number }): Promise<unknown> } };
    quit(): Promise<void>;
  }
  export class By {
    static css(selector: string): By;
  }
  export class Builder {
    usingServer(url: string): this;
    withCapabilities(caps: Record<string, unknown>): this;
    build(): Promise<WebDriver> & WebDriver;
  }
}
