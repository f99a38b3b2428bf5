import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { CreatorFrame } from "~/components/creators/creator-frame";
import { ImageCreatorForm } from "~/components/creators/image-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { type CreatorAnswer, creatorAction, loadCreator } from "~/lib/creators.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "creators:image.title" };

export async function loader(args: LoaderFunctionArgs) {
  return { ...(await loadCreator(args, "image")), now: Date.now() };
}

export async function action(args: ActionFunctionArgs) {
  return creatorAction(args, "image");
}

export default function ImageCreatorPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as CreatorAnswer | undefined;
  return (
    <CreatorFrame kind="image" loaded={loaded} now={loaded.now}>
      {loaded.allowed ? (
        <ImageCreatorForm
          key={loaded.reused?.id ?? "new"}
          options={loaded.options}
          images={loaded.images}
          reused={loaded.reused?.settings ?? null}
          answer={answer}
        />
      ) : null}
    </CreatorFrame>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
