import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { MediaLibraryPage } from "~/components/media/media-library";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { libraryAction, libraryLoader } from "~/lib/media-library.server";

export const handle = { title: "media:video.title" };

export function loader(args: LoaderFunctionArgs) {
  return libraryLoader("video", args);
}

export function action(args: ActionFunctionArgs) {
  return libraryAction("video", args);
}

export default function VideoLibraryPage() {
  return <MediaLibraryPage kind="video" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
