import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { PlaceholderPage } from "~/components/placeholder-page";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

export const handle = { title: "pages.threads.title" };

export async function loader({ params }: LoaderFunctionArgs) {
  // SPEC.md §5: a thread id is digits only, or absent.
  if (params.id !== undefined && !/^\d+$/.test(params.id)) {
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  return { id: params.id ?? null };
}

export default function ThreadsPage() {
  const { id } = useLoaderData<typeof loader>();
  if (id) {
    return (
      <PlaceholderPage
        title="pages.threads.threadTitle"
        emptyTitle="pages.threads.threadEmptyTitle"
        emptyBody="pages.threads.threadEmptyBody"
        icon="messages-square"
        values={{ id }}
      />
    );
  }
  return (
    <PlaceholderPage
      title="pages.threads.title"
      description="pages.threads.description"
      emptyTitle="pages.threads.emptyTitle"
      emptyBody="pages.threads.emptyBody"
      icon="messages-square"
    />
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
