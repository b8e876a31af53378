// The stack lives in the test harness, so infra's browser tests start the same product.
export { ROOT, startStack, type Stack } from '@rentals/testing/stack';
