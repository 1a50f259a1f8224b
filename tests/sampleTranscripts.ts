/** A short interview with voices: two named speakers and a diarizer's label, as WebVTT. */
export const INTERVIEW_VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Alice>Welcome to the show, everybody.

00:00:04.500 --> 00:00:09.000
<v Bob>Thanks. Multi-agent systems mostly do not work today.

00:00:09.500 --> 00:00:14.000
<v Alice>Why do you say that?

00:00:14.500 --> 00:00:20.000
<v SPEAKER_2>Because the algorithms do not exist yet.
`
