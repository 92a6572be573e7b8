export default function FaqPage() {
  return <h1>FaqPage</h1>;
}
