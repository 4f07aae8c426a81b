// @vitest-environment happy-dom
// The browser's reaction to a failed call (src/shared/api/api-errors.ts): an unreachable backend sends the page to /error,
// except when the page is already leaving, where WebKit's cancelled requests fail the same way and /error would replace the
// navigation the member asked for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiError as ApiErrorClass } from '#src/shared/api/errors.ts';

vi.mock('#src/shared/session/dialogs.ts', () => ({ openLogin: () => undefined }));
vi.mock('#src/shared/session/session.ts', () => ({ signOut: () => Promise.resolve() }));

const assign = vi.fn();
let handleApiError: (e: unknown) => void;
// Imported afresh with the module under test (each test starts with no mark), so that its `instanceof` sees the same class.
let ApiError: typeof ApiErrorClass;

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 10, 28, 9));
  assign.mockReset();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  ({ handleApiError } = await import('#src/shared/api/api-errors.ts'));
  ({ ApiError } = await import('#src/shared/api/errors.ts'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const network = () => new ApiError('network', 'cart.count', 0, 'backend unreachable: Load failed');

describe('handleApiError', () => {
  it('sends the page to /error when the backend cannot be reached', () => {
    handleApiError(network());
    expect(assign).toHaveBeenCalledWith('/error?status=0');
  });

  it('sends an HTTP failure to /error with its status', () => {
    handleApiError(new ApiError('http', 'cart.list', 502, 'Bad Gateway'));
    expect(assign).toHaveBeenCalledWith('/error?status=502');
  });

  it('leaves a page that is already navigating alone when its cancelled call fails', () => {
    window.dispatchEvent(new Event('beforeunload'));
    handleApiError(network());
    expect(assign).not.toHaveBeenCalled();
  });

  it('still reports an HTTP failure while leaving (the server answered: not a cancelled request)', () => {
    window.dispatchEvent(new Event('beforeunload'));
    handleApiError(new ApiError('http', 'cart.list', 500, 'Internal Server Error'));
    expect(assign).toHaveBeenCalledWith('/error?status=500');
  });

  it('reports the unreachable backend again once a navigation that did not leave is 10 s past', () => {
    window.dispatchEvent(new Event('beforeunload'));
    vi.setSystemTime(Date.now() + 10_001);
    handleApiError(network());
    expect(assign).toHaveBeenCalledWith('/error?status=0');
  });

  it('forgets the mark when the page comes back from the back-forward cache', () => {
    window.dispatchEvent(new Event('beforeunload'));
    window.dispatchEvent(new Event('pageshow'));
    handleApiError(network());
    expect(assign).toHaveBeenCalledWith('/error?status=0');
  });
});
