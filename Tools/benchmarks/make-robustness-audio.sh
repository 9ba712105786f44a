#!/usr/bin/env bash
# Makes the robustness and lengthened-negative audio for the benchmark from the real speech streams
# in ../shared/devdata/streams (pos_computer, pos_jarvis with their .tsv labels, neg).
#   Tools/benchmarks/make-robustness-audio.sh [--force] [OUTDIR]
# OUTDIR defaults to bench-output/robustness/ (git-ignored). Files that already exist are kept
# unless --force is given. DEVDATA=path overrides ../shared/devdata. Needs sox, espeak-ng and
# bible-kjv (installed with apt-get when missing, through sudo when not root). Run it under
# `nice -n 10` on a shared machine: every step is one sox or espeak-ng process at a time.
#
# Outputs, all 16 kHz mono 16-bit FLAC:
#  1. pos_computer_snr10, pos_jarvis_snr10, neg_snr10 (+ the .tsv labels of the positives, which
#     are unchanged): pink noise added at 10 dB SNR against the streams' -26 dBFS active speech
#     level, i.e. noise RMS -36 dBFS. The noise is sox `synth pinknoise` (high-passed at 20 Hz to
#     drop its DC offset) in sox's repeatable mode (-R: fixed random seed), so reruns give the same
#     samples. The achieved SNR is measured on each output (output minus clean stream = the noise
#     as it ended up in the file) and printed. The same three streams are made with other noises,
#     for checking a change made on the pink 10 dB streams: *_brown10 (sox `brownnoise`, a rumble
#     with most of its energy below 200 Hz, at 10 dB SNR), *_white15 (`whitenoise`, a hiss, at 15 dB
#     SNR) and *_pink20 (pink noise at 20 dB SNR, a milder room).
#  2. pos_computer_phone, pos_jarvis_phone, neg_phone (+ labels): band-limited to 300-3400 Hz,
#     8 kHz 8-bit mu-law, and back to 16 kHz (speech ends at 3.4 kHz, mu-law noise at about
#     -80 dBFS reaches 4 kHz; the level drops about 2 dB with the lost band; timing unchanged).
#  3. neg_perturbed: neg.flac five times, through `speed 0.9`, `speed 1.1`, `pitch -200`,
#     `pitch 200` and `tempo 0.9` (cents for pitch), concatenated: real speech, perturbed, about
#     1.5 h of negatives with no keyword; and each copy alone, neg_perturbed_1 to _5 (for
#     `bench --halves`, which halves each negative file).
#  4. neg_espeak (+ neg_espeak.txt, the text read): synthetic negatives, to be reported apart from
#     the real ones. espeak-ng reads six 10-minute passages (voices en-us, en-gb, en+f3 at 150 and
#     175 words per minute), each resampled to 16 kHz and levelled to -26 dBFS active speech:
#     about 1 hour.
#     Text: the King James Version of the Bible (1611), from Debian's bible-kjv-text package
#     (read with its `bible` program from bible-kjv). The KJV text is public domain (its copyright
#     has expired, see /usr/share/doc/bible-kjv-text/copyright; only in the UK does the Crown's
#     letters patent still cover it); the package's own code is GPL-2+ and its data file is free
#     for unrestricted use. Verses containing "computer", "jarvis" or
#     "susi" (case-insensitive, as substrings, so "Susi" in Numbers 13:11 and "Hazarsusim" in
#     1 Chronicles 4:31) are dropped, and the text read is checked again for them.
# A summary table with each output's duration ends the run.
set -euo pipefail

usage() { sed -n '2,8s/^# \{0,1\}//p' "$0"; }
force=0
out_arg=""
for arg in "$@"; do
    case "$arg" in
        --force) force=1 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "make-robustness-audio: unknown option $arg" >&2; usage >&2; exit 64 ;;
        *) [ -z "$out_arg" ] || { echo "make-robustness-audio: one output folder only" >&2; usage >&2; exit 64; }
           out_arg=$arg ;;
    esac
done
# Paths given by the caller are relative to where it was called from; the defaults to the repo.
repo=$(cd "$(dirname "$0")/../.." && pwd)
if [ -n "$out_arg" ]; then out=$(realpath -m -- "$out_arg"); else out="$repo/bench-output/robustness"; fi
if [ -n "${DEVDATA:-}" ]; then devdata=$(realpath -m -- "$DEVDATA"); else devdata="$repo/../shared/devdata"; fi
streams="$devdata/streams"
for f in pos_computer.flac pos_computer.tsv pos_jarvis.flac pos_jarvis.tsv neg.flac; do
    [ -f "$streams/$f" ] || { echo "make-robustness-audio: $streams/$f is missing (set DEVDATA)" >&2; exit 1; }
done
start_time=$SECONDS
log() { echo "make-robustness-audio: $*" >&2; }

# ---- tools ----------------------------------------------------------------------------------------
apt_install() {
    log "installing $*"
    local sudo_cmd=()
    if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo_cmd[@]}" apt-get update -qq
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
missing=()
command -v sox >/dev/null || missing+=(sox)
command -v espeak-ng >/dev/null || missing+=(espeak-ng)
{ command -v bible >/dev/null && [ -f /usr/lib/bible.data ]; } || missing+=(bible-kjv bible-kjv-text)
if ((${#missing[@]})); then apt_install "${missing[@]}"; fi
sox_formats=$(sox -h 2>/dev/null | sed -n 's/^AUDIO FILE FORMATS://p' || true)
case " $sox_formats " in *" flac "*) ;; *) apt_install libsox-fmt-all ;; esac

mkdir -p "$out"
work=$(mktemp -d "$out/.work.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- helpers --------------------------------------------------------------------------------------
# sox -R: repeatable mode (fixed seeds for synth noise and dither), so reruns give identical files.
sx() { sox -R -V1 "$@"; }
# sox, keeping its clipping warnings visible (they matter for the noise mix and the perturbations).
sx_warn() {
    local err
    err=$(sox -R -V2 "$@" 2>&1 >/dev/null) || { echo "$err" >&2; return 1; }
    if [ -n "$err" ]; then grep -i clip <<< "$err" | sed 's/^sox WARN /  sox: /' >&2 || true; fi
}
samples() { soxi -s "$1"; }
minutes() { soxi -D "$1" | awk '{printf "%.2f", $1 / 60}'; }
# RMS level in dBFS of a file after optional effects.
rms_db() { local f=$1; shift; sox -V1 "$f" -n "$@" stats 2>&1 | awk '/^RMS lev dB/ {print $4}'; }
# Active speech level: RMS with the pauses (below -50 dBFS for 50 ms or more) cut out. On neg.flac
# this gives -26.1 dBFS, against -26.25 dBFS from ITU-T P.56.
active_db() { rms_db "$1" silence 1 0.02 -50d -1 0.05 -50d; }
# True (and says so) when the output is to be made.
wanted() {
    if [ -f "$out/$1" ] && [ "$force" -eq 0 ]; then log "$1 exists, skipped (--force remakes it)"; return 1; fi
    log "making $1"
}
# Moves a finished temporary file into place, so an interrupted run leaves no half-written output.
finish() { mv -f "$1" "$out/$2"; }

# ---- 1. noise: pink at 10 dB SNR, and brown, white and milder pink ----------------------------------
speech_db=-26   # active speech level the streams were levelled to (devdata README)
longest=$(for s in pos_computer pos_jarvis neg; do samples "$streams/$s.flac"; done | sort -n | tail -1)
noise="$work/noise.wav"
# Makes $noise: sox noise of kind $1 (pinknoise, brownnoise, whitenoise), as long as the longest
# stream, and prints the gain that puts it $2 dB below the speech level.
make_noise() {
    # Length in seconds: sox 14.4.2's synth counts an "NNNs" length at 48 kHz, not the output rate.
    sx -n -r 16000 -c 1 -e floating-point -b 32 "$noise" synth "$(awk -v n="$longest" 'BEGIN {printf "%d", n / 16000 + 2}')" "$1" highpass 20
    [ "$(samples "$noise")" -ge "$longest" ] || { log "the $1 came out shorter than the streams"; exit 1; }
    awk -v t="$((speech_db - $2))" -v r="$(rms_db "$noise")" 'BEGIN {printf "%.6f", 10 ^ ((t - r) / 20)}'
}
# Prints the SNR that the output really has: the noise in it is the output minus the clean stream.
snr_report() {
    local name=$1 clean=$2 noisy=$3 resid active
    resid=$(sox -V1 -m -v 1 "$noisy" -v -1 "$clean" -n stats 2>&1 | awk '/^RMS lev dB/ {print $4}')
    active=$(active_db "$clean")
    awk -v n="$name" -v r="$resid" -v s="$speech_db" -v a="$active" 'BEGIN {
        printf "%s: noise RMS %.2f dBFS -> SNR %.2f dB against the %d dBFS speech level (%.2f dB against the clean stream'"'"'s measured active level %.2f dBFS)\n", n, r, s - r, s, a - r, a }'
}
# Each noise condition: output suffix, sox noise, SNR in dB. The summary lists the same streams.
noise_conditions=("snr10 pinknoise 10" "brown10 brownnoise 10" "white15 whitenoise 15" "pink20 pinknoise 20")
noise_streams=()
declare -A noise_description
for condition in "${noise_conditions[@]}"; do
    read -r suffix kind snr <<< "$condition"
    noise_description[$suffix]="${kind%noise} noise, $snr dB SNR"
    noise_gain=""
    for s in pos_computer pos_jarvis neg; do
        name=${s}_$suffix
        if wanted "$name.flac"; then
            [ -n "$noise_gain" ] || noise_gain=$(make_noise "$kind" "$snr")
            sx_warn -m -v 1 "$streams/$s.flac" -v "$noise_gain" "$noise" -b 16 "$work/$name.flac" trim 0 "$(samples "$streams/$s.flac")s"
            finish "$work/$name.flac" "$name.flac"
            snr_report "$name" "$streams/$s.flac" "$out/$name.flac"
        fi
        if [ -f "$streams/$s.tsv" ]; then install -m 644 "$streams/$s.tsv" "$out/$name.tsv"; fi
        noise_streams+=("$name")
    done
done
rm -f "$noise"

# ---- 2. telephone band -----------------------------------------------------------------------------
for s in pos_computer pos_jarvis neg; do
    name=${s}_phone
    if wanted "$name.flac"; then
        sx "$streams/$s.flac" -t wav -e u-law -b 8 "$work/phone8k.wav" sinc 300-3400 rate 8000
        # (trim: the round trip through 8 kHz can add a sample at the end)
        sx "$work/phone8k.wav" -b 16 "$work/$name.flac" rate 16000 trim 0 "$(samples "$streams/$s.flac")s"
        rm -f "$work/phone8k.wav"
        finish "$work/$name.flac" "$name.flac"
    fi
    if [ -f "$streams/$s.tsv" ]; then install -m 644 "$streams/$s.tsv" "$out/$name.tsv"; fi
done

# ---- 3. lengthened real negatives: each perturbation as a file of its own, and all five in one ---
perturbations=("speed 0.9" "speed 1.1" "pitch -200" "pitch 200" "tempo 0.9")
copies=()
i=0
for p in "${perturbations[@]}"; do
    i=$((i + 1))
    copies+=("$out/neg_perturbed_$i.flac")
    if wanted "neg_perturbed_$i.flac"; then
        # shellcheck disable=SC2086  # $p is an effect and its argument
        sx_warn "$streams/neg.flac" -b 16 "$work/neg_perturbed_$i.flac" $p rate 16000
        finish "$work/neg_perturbed_$i.flac" "neg_perturbed_$i.flac"
        log "  neg.flac $p: $(minutes "$out/neg_perturbed_$i.flac") min"
    fi
done
if wanted neg_perturbed.flac; then
    sx "${copies[@]}" -b 16 "$work/neg_perturbed.flac"
    finish "$work/neg_perturbed.flac" neg_perturbed.flac
    log "neg_perturbed.flac: $(minutes "$out/neg_perturbed.flac") min"
fi

# ---- 4. synthetic negatives (espeak-ng reading the King James Bible) -------------------------------
forbidden='computer|jarvis|susi'
segment_s=600
# voice, speed (words per minute), KJV passage (several passages so no text repeats)
segments=(
    "en-us 150 Gen1:1-Gen50:26"
    "en-us 175 Luke1:1-Luke24:53"
    "en-gb 150 1Sam1:1-1Sam31:13"
    "en-gb 175 Acts1:1-Acts28:31"
    "en+f3 150 Ruth1:1-Ruth4:22 Esth1:1-Esth10:3"
    "en+f3 175 Exo1:1-Exo40:38"
)
if wanted neg_espeak.flac; then
    parts=()
    : > "$work/neg_espeak.txt"
    i=0
    for seg in "${segments[@]}"; do
        i=$((i + 1))
        read -r voice speed passage <<< "$seg"
        # espeak-ng speaks about 1.25 x the nominal words per minute on this text; take 1.6 x so
        # the passage is longer than 10 minutes, then cut the audio at 10 minutes.
        words=$((speed * segment_s * 16 / 600))
        # shellcheck disable=SC2086  # several passages
        bible -f $passage > "$work/kjv_$i.txt"
        # drop the verse references ("Ge1:1 "), the verses with a keyword, and all after the budget
        sed 's/^[^ ]* //' "$work/kjv_$i.txt" | { grep -viE "$forbidden" || true; } \
            | awk -v w="$words" 'n < w {print; n += NF}' > "$work/text_$i.txt"
        rm -f "$work/kjv_$i.txt"
        if grep -qiE "$forbidden" "$work/text_$i.txt"; then
            log "the text for $voice $speed still contains a keyword"; exit 1
        fi
        { echo "## $voice, $speed words per minute, KJV $passage (first $(wc -w < "$work/text_$i.txt") words)"
          cat "$work/text_$i.txt"; echo; } >> "$work/neg_espeak.txt"
        espeak-ng -v "$voice" -s "$speed" -f "$work/text_$i.txt" -w "$work/espeak_$i.wav"
        length=$(soxi -D "$work/espeak_$i.wav")
        if awk -v l="$length" -v s="$segment_s" 'BEGIN {exit !(l > s)}'; then
            trim=(fade 0 "$segment_s" 0.2)
        else
            log "  $voice $speed: only $length s of speech"; trim=()
        fi
        sx "$work/espeak_$i.wav" -r 16000 -b 16 -e signed-integer "$work/seg16_$i.wav" "${trim[@]}"
        level=$(active_db "$work/seg16_$i.wav")
        gain=$(awk -v t="$speech_db" -v l="$level" 'BEGIN {printf "%.2f", t - l}')
        sx_warn "$work/seg16_$i.wav" "$work/segment_$i.wav" gain "$gain"
        log "  $voice $speed wpm: $(minutes "$work/segment_$i.wav") min, active level $level dBFS, gain $gain dB -> $(active_db "$work/segment_$i.wav") dBFS"
        parts+=("$work/segment_$i.wav")
        rm -f "$work/espeak_$i.wav" "$work/seg16_$i.wav"
    done
    sx "${parts[@]}" -b 16 "$work/neg_espeak.flac"
    rm -f "${parts[@]}"
    finish "$work/neg_espeak.txt" neg_espeak.txt
    finish "$work/neg_espeak.flac" neg_espeak.flac
fi

# ---- summary ---------------------------------------------------------------------------------------
echo
echo "Robustness audio in $out (16 kHz mono 16-bit FLAC)"
printf '| %-26s | %9s | %s\n' file minutes content
printf '|%s|%s|%s\n' "----------------------------" "-----------" "---------"
total_real=0
for f in "${noise_streams[@]}" pos_computer_phone pos_jarvis_phone neg_phone neg_perturbed neg_espeak; do
    [ -f "$out/$f.flac" ] || { printf '| %-26s | %9s | %s\n' "$f.flac" missing ""; continue; }
    m=$(minutes "$out/$f.flac")
    case "$f" in
        *_phone) what="300-3400 Hz, 8 kHz mu-law" ;;
        neg_perturbed) what="real speech: speed 0.9/1.1, pitch -/+200 cents, tempo 0.9" ;;
        neg_espeak) what="synthetic (espeak-ng, KJV text): report apart" ;;
        *) what=${noise_description[${f##*_}]} ;;
    esac
    case "$f" in neg_snr10|neg_phone|neg_perturbed) total_real=$(awk -v a="$total_real" -v b="$m" 'BEGIN {print a + b}') ;; esac
    printf '| %-26s | %9s | %s\n' "$f.flac" "$m" "$what"
done
awk -v t="$total_real" 'BEGIN {printf "real negatives made here (neg_snr10 + neg_phone + neg_perturbed): %.1f min = %.2f h\n", t, t / 60}'
echo "took $((SECONDS - start_time)) s"
