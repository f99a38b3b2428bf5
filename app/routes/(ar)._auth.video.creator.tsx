import { type ActionFunctionArgs, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { CreatorFrame } from "~/components/creators/creator-frame";
import { Recipes } from "~/components/creators/recipes";
import { VideoCreatorForm } from "~/components/creators/video-form";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { type CreatorAnswer, creatorAction, loadCreator } from "~/lib/creators.server";
import type { RecipeAnswer } from "~/lib/recipes.server";
import { useActionAnswer } from "~/lib/use-action-answer";

export const handle = { title: "creators:video.title" };

export async function loader(args: LoaderFunctionArgs) {
  return { ...(await loadCreator(args, "video")), now: Date.now() };
}

export async function action(args: ActionFunctionArgs) {
  return creatorAction(args, "video");
}

export default function VideoCreatorPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>() as CreatorAnswer | RecipeAnswer | undefined;
  const recipeAnswer = answer && isRecipeAnswer(answer) ? answer : undefined;
  const creatorAnswer = answer && !isRecipeAnswer(answer) ? answer : undefined;
  return (
    <CreatorFrame
      kind="video"
      loaded={loaded}
      now={loaded.now}
      below={
        loaded.allowed && loaded.recipes ? (
          <Recipes
            recipes={loaded.recipes}
            offers={{ image: loaded.image, video: loaded.options, speech: loaded.speech }}
            answer={recipeAnswer}
          />
        ) : null
      }
    >
      {loaded.allowed ? (
        <VideoCreatorForm
          key={loaded.reused?.id ?? loaded.startImageId ?? "new"}
          options={loaded.options}
          speech={loaded.speech}
          images={loaded.images}
          reused={loaded.reused?.settings ?? null}
          startImageId={loaded.startImageId}
          embeddedTools={loaded.embeddedTools}
          imagePage={loaded.imagePage}
          reusedId={loaded.reused?.id}
          answer={creatorAnswer}
        />
      ) : null}
    </CreatorFrame>
  );
}

function isRecipeAnswer(answer: CreatorAnswer | RecipeAnswer): answer is RecipeAnswer {
  return answer.intent.endsWith("-recipe");
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
