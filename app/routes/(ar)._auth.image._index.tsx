import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { MediaLibraryPage } from "~/components/media/media-library";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { libraryAction, libraryLoader } from "~/lib/media-library.server";

export const handle = { title: "media:image.title" };

export function loader(args: LoaderFunctionArgs) {
  return libraryLoader("image", args);
}

export function action(args: ActionFunctionArgs) {
  return libraryAction("image", args);
}

export default function ImageLibraryPage() {
  return <MediaLibraryPage kind="image" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
