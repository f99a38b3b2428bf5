/** The submitted form, or a 400 for a body that is not one (JSON, a broken multipart body). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400, statusText: "Bad Request" });
  }
}
