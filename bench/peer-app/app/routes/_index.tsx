import text from "../page-text";

export default function Index() {
  return (
    <main>
      <h1>A minimal Remix page</h1>
      <p>{text}</p>
    </main>
  );
}
