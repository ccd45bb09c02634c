import { EmptyState, TextLink } from "./_components/ui";

export default function NotFound() {
  return (
    <EmptyState title="Not found" testId="not-found">
      That page or memory does not exist (it may have been deleted). <TextLink href="/memories">Back to the memories</TextLink>
    </EmptyState>
  );
}
