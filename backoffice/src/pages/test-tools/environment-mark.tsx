// The test environment, said in words wherever the test tools are drawn: what they do happens to
// test payments only, and none of it exists in live.

export function TestEnvironmentMark() {
  return (
    <p class="notice notice-warn test-tools-mark">
      <strong>Test environment.</strong> These tools act as the payment simulator would; they change test payments only and do not exist in live.
    </p>
  );
}
