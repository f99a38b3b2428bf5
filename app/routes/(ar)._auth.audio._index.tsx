import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { MediaLibraryPage } from "~/components/media/media-library";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { libraryAction, libraryLoader } from "~/lib/media-library.server";

export const handle = { title: "media:audio.title" };

export function loader(args: LoaderFunctionArgs) {
  return libraryLoader("audio", args);
}

export function action(args: ActionFunctionArgs) {
  return libraryAction("audio", args);
}

export default function AudioLibraryPage() {
  return <MediaLibraryPage kind="audio" />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
