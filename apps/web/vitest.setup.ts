// The component tests run beside the API suite on a busy two-core machine: a query waits for the
// screen's state as long as a test may take, not for the one second a quiet machine needs.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
