import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library gives up on a findBy/waitFor after 1 s by default. The suite shares a 2-core
// machine with a browser and two servers, where a lazy view's first load has taken longer than
// that; 5 s waits out a busy moment, and a missing element still fails within the test's time.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
