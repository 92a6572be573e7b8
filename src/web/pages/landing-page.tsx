export default function LandingPage() {
  return <h1>LandingPage</h1>;
}
