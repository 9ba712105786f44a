#!/usr/bin/env python3
"""Build the domain language model for spoken SUSI commands in Models/commands/.

The general English language model turns short spoken commands into unrelated words.  This
script writes a corpus of what people ask SUSI (templates x slot lists), an ARPA trigram
language model estimated from it with interpolated Witten-Bell smoothing, and a pronunciation
dictionary of exactly the corpus's words taken from the CMU dictionary of `pocketsphinx-en-us`.

Outputs (in --out DIR, default Models/commands/ beside this script's folder):
  corpus.txt      one command per line, lower case, words separated by single spaces
  commands.arpa   ARPA trigram model, log10 probabilities; PocketSphinx reads it directly
  commands.dict   every pronunciation (all variants) of every corpus word

Deterministic: templates and slot lists are fixed, large templates are sampled with a seeded
random generator, the corpus keeps template order and the model and dictionary are sorted; two
runs give byte-identical files.

Python 3 standard library only.

  Tools/models/make-command-model.py [--out DIR] [--cmudict FILE]
"""

import argparse
import itertools
import math
import os
import random
import sys
from collections import defaultdict

CMUDICT = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"
ORDER = 3
SEED = 20240601
# A template whose slots give more combinations than this is sampled down to it, so that a
# template with two long slot lists does not drown the short fixed phrases.
SAMPLES_PER_TEMPLATE = 240

# --- numbers spoken as words -------------------------------------------------------------

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spoken(number):
    """An integer below a million as people say it: 'three hundred and twelve'."""
    if number < 20:
        return ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return TENS[tens] + ("" if ones == 0 else " " + ONES[ones])
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return ONES[hundreds] + " hundred" + ("" if rest == 0 else " and " + spoken(rest))
    thousands, rest = divmod(number, 1000)
    return spoken(thousands) + " thousand" + ("" if rest == 0 else " " + spoken(rest))


SMALL_NUMBERS = [spoken(n) for n in range(0, 21)]
NUMBERS = [spoken(n) for n in list(range(0, 101)) + [120, 150, 200, 250, 300, 365, 500, 1000,
                                                       1500, 2000, 5000, 10000, 100000]]
DURATIONS = [spoken(n) for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 45, 50,
                                  60, 90]]
CLOCK_TIMES = ([spoken(h) for h in range(1, 13)]
               + [spoken(h) + " o'clock" for h in range(1, 13)]
               + [spoken(h) + " " + m for h in range(1, 13) for m in ["fifteen", "thirty",
                                                                         "forty five"]]
               + [spoken(h) + " " + ampm for h in range(1, 13) for ampm in ["am", "pm"]]
               + ["half past " + spoken(h) for h in range(1, 13)]
               + ["quarter past " + spoken(h) for h in range(1, 13)]
               + ["quarter to " + spoken(h) for h in range(1, 13)]
               + ["noon", "midnight"])

# --- slot lists --------------------------------------------------------------------------

CITIES = ["berlin", "london", "paris", "new york", "tokyo", "munich", "hamburg", "madrid",
          "rome", "vienna", "amsterdam", "moscow", "delhi", "new delhi", "mumbai", "beijing",
          "shanghai", "sydney", "chicago", "boston", "san francisco", "los angeles", "toronto",
          "dubai", "singapore", "seattle", "dublin", "prague", "zurich", "stockholm", "oslo",
          "cairo", "istanbul", "athens", "lisbon", "barcelona", "frankfurt", "cologne",
          "warsaw", "budapest", "copenhagen", "helsinki", "brussels", "bangalore", "hong kong",
          "mexico city", "rio de janeiro", "buenos aires", "cape town", "nairobi", "seoul",
          "bangkok", "jakarta", "manila", "miami", "washington", "las vegas", "denver",
          "vancouver", "montreal", "melbourne", "edinburgh", "manchester", "milan", "venice",
          "florence", "geneva", "dresden", "stuttgart", "leipzig", "here", "my city"]
COUNTRIES = ["germany", "france", "spain", "italy", "india", "china", "japan", "russia",
             "brazil", "canada", "australia", "mexico", "england", "the united states",
             "the united kingdom", "egypt", "kenya", "nigeria", "south africa", "argentina",
             "sweden", "norway", "finland", "poland", "austria", "switzerland", "greece",
             "turkey", "portugal", "ireland", "the netherlands", "belgium", "korea",
             "indonesia", "thailand", "vietnam", "europe", "africa", "asia"]
DAYS = ["today", "tomorrow", "tonight", "this morning", "this afternoon", "this evening",
        "this weekend", "next week", "on monday", "on tuesday", "on wednesday", "on thursday",
        "on friday", "on saturday", "on sunday", "the day after tomorrow", "right now"]
WEATHER_WORDS = ["sunny", "cloudy", "windy", "rainy", "cold", "hot", "warm", "foggy", "stormy"]
PRECIPITATION = ["rain", "snow", "hail", "storm"]
UNITS = [("kilometers", "miles"), ("miles", "kilometers"), ("meters", "feet"),
         ("feet", "meters"), ("kilograms", "pounds"), ("pounds", "kilograms"),
         ("celsius", "fahrenheit"), ("fahrenheit", "celsius"), ("liters", "gallons"),
         ("gallons", "liters"), ("inches", "centimeters"), ("centimeters", "inches"),
         ("grams", "ounces"), ("ounces", "grams"), ("yards", "meters"), ("hours", "minutes"),
         ("minutes", "seconds"), ("days", "hours"), ("weeks", "days"), ("years", "days"),
         ("meters", "centimeters"), ("kilometers", "meters"), ("cups", "milliliters"),
         ("tablespoons", "teaspoons"), ("degrees celsius", "degrees fahrenheit"),
         ("degrees fahrenheit", "degrees celsius"), ("millimeters", "inches"),
         ("megabytes", "gigabytes"), ("gigabytes", "megabytes")]
SINGULAR_UNITS = {"kilometers": "kilometer", "miles": "mile", "meters": "meter", "feet": "foot",
                  "kilograms": "kilogram", "pounds": "pound", "liters": "liter",
                  "gallons": "gallon", "inches": "inch", "centimeters": "centimeter",
                  "grams": "gram", "ounces": "ounce", "yards": "yard", "hours": "hour",
                  "minutes": "minute", "days": "day", "weeks": "week", "years": "year",
                  "cups": "cup", "tablespoons": "tablespoon", "millimeters": "millimeter",
                  "gigabytes": "gigabyte", "megabytes": "megabyte", "seconds": "second",
                  "teaspoons": "teaspoon", "milliliters": "milliliter"}
CURRENCIES = ["dollars", "euros", "pounds", "yen", "rupees", "swiss francs", "yuan", "rubles",
              "bitcoin", "canadian dollars", "australian dollars", "us dollars", "british pounds",
              "indian rupees", "pesos", "kroner"]
SINGULAR_CURRENCIES = ["dollar", "euro", "pound", "yen", "rupee", "swiss franc", "yuan",
                       "ruble", "bitcoin", "peso"]
ARTISTS = ["the beatles", "michael jackson", "taylor swift", "queen", "madonna", "adele",
           "elvis presley", "bob dylan", "ed sheeran", "beyonce", "eminem", "rihanna", "abba",
           "mozart", "beethoven", "bach", "the rolling stones", "pink floyd", "david bowie",
           "bruno mars", "lady gaga", "shakira", "justin bieber", "katy perry", "bon jovi",
           "nirvana", "metallica", "the eagles", "elton john", "frank sinatra",
           "whitney houston", "bob marley", "johnny cash", "miles davis", "daft punk",
           "drake", "dolly parton", "prince", "sting"]
GENRES = ["music", "jazz", "rock", "rock music", "pop", "pop music", "classical music",
          "hip hop", "country music", "relaxing music", "dance music", "blues", "reggae",
          "heavy metal", "piano music", "christmas songs", "love songs", "the radio",
          "something", "my playlist", "my favorite songs", "some songs", "the news"]
SONGS = ["yesterday", "thriller", "bohemian rhapsody", "let it be", "imagine", "hey jude",
         "shape of you", "hello", "happy birthday", "jingle bells", "billie jean",
         "yellow submarine", "dancing queen", "hotel california", "purple rain"]
LANGUAGES = ["german", "french", "spanish", "italian", "chinese", "japanese", "russian",
             "hindi", "portuguese", "dutch", "arabic", "korean", "english", "greek", "turkish",
             "polish", "swedish", "latin"]
PHRASES = ["hello", "thank you", "good morning", "good night", "good evening", "how are you",
           "i love you", "goodbye", "please", "yes", "no", "where is the station",
           "where is the toilet", "how much is this", "my name is susi", "nice to meet you",
           "happy birthday", "excuse me", "i am hungry", "cheers", "welcome", "friend",
           "water", "cat", "dog", "house", "beautiful", "what time is it", "see you tomorrow",
           "i don't understand"]
TOPICS = ["albert einstein", "the eiffel tower", "photosynthesis", "gravity", "the moon",
          "the sun", "black holes", "artificial intelligence", "the internet", "democracy",
          "bitcoin", "the roman empire", "isaac newton", "barack obama", "angela merkel",
          "mount everest", "the amazon river", "dna", "climate change", "quantum physics",
          "python", "linux", "the second world war", "the first world war", "the french revolution",
          "the great wall of china", "the pyramids", "the solar system", "mars", "jupiter",
          "the milky way", "evolution", "charles darwin", "william shakespeare",
          "leonardo da vinci", "the mona lisa", "the olympic games", "football", "chess",
          "coffee", "chocolate", "the human brain", "the heart", "electricity",
          "nelson mandela", "mahatma gandhi", "marie curie", "the titanic", "dinosaurs",
          "volcanoes", "earthquakes", "the ocean", "the universe", "a computer",
          "machine learning", "open source", "a rainbow", "the speed of light", "time",
          "love", "music", "life", "happiness", "the meaning of life", "an atom",
          "the big bang", "a galaxy", "global warming", "the stock market",
          "inflation", "the european union", "the united nations", "a virus",
          "vitamin c", "yoga", "meditation", "the beatles", "tesla", "bill gates",
          "steve jobs", "apple", "google", "microsoft", "amazon", "facebook"]
PEOPLE = ["albert einstein", "isaac newton", "barack obama", "angela merkel", "charles darwin",
          "william shakespeare", "leonardo da vinci", "nelson mandela", "mahatma gandhi",
          "marie curie", "bill gates", "steve jobs", "the president",
          "the chancellor of germany", "the prime minister of india", "the queen",
          "michael jackson", "taylor swift", "abraham lincoln", "napoleon", "cleopatra",
          "mozart", "beethoven", "pablo picasso", "galileo", "nikola tesla", "stephen hawking",
          "the pope", "cristiano ronaldo", "serena williams", "mark zuckerberg",
          "george washington", "winston churchill", "martin luther king", "donald trump",
          "joe biden", "the inventor of the telephone"]
DEFINE_WORDS = ["serendipity", "happiness", "love", "algorithm", "democracy", "philosophy",
                "ubiquitous", "ephemeral", "entropy", "empathy", "irony", "nostalgia",
                "paradigm", "gravity", "a noun", "a verb", "an adjective", "a prime number",
                "photosynthesis", "metaphor", "resilience", "integrity", "curiosity",
                "procrastination", "a hypothesis", "a theory", "culture", "economy",
                "freedom", "justice", "wisdom", "courage", "osmosis", "inflation",
                "a blockchain", "a podcast", "a robot", "software", "hardware"]
NEWS_TOPICS = ["sports", "technology", "business", "politics", "science", "health",
               "the world", "germany", "india", "europe", "the economy", "football",
               "the weather", "entertainment", "the stock market", "space", "climate change",
               "today", "this morning", "berlin", "the election"]
REMINDERS = ["call my mother", "buy milk", "take my medicine", "go to the gym",
             "water the plants", "feed the cat", "pick up the kids", "check my email",
             "pay the bills", "walk the dog", "call the doctor", "go shopping",
             "drink water", "take out the trash", "start the meeting"]
CALCULATIONS = ["plus", "minus", "times", "divided by", "multiplied by"]
PROPERTIES = ["how tall is", "how big is", "how old is", "how far away is", "how heavy is",
              "how deep is", "how long is", "how hot is", "where is", "when was", "what is",
              "who is", "who was", "who invented", "who discovered", "who wrote",
              "who founded", "who painted"]
VOLUMES = [spoken(n) for n in range(0, 101, 10)] + [spoken(n) + " percent" for n in
                                                     range(10, 101, 10)]


def sentences():
    """(slot lists, format string) for every template of every domain, in a fixed order."""
    rows = []

    def add(slots, form):
        rows.append((slots, form))

    # weather
    for form in ["what is the weather in {0}", "what's the weather in {0}",
                 "how is the weather in {0}", "what is the weather like in {0}",
                 "what's the weather like in {0}", "what is the temperature in {0}",
                 "how hot is it in {0}", "how cold is it in {0}", "weather in {0}",
                 "weather forecast for {0}", "show me the weather in {0}",
                 "tell me the weather in {0}", "is it raining in {0}", "is it cold in {0}",
                 "is it sunny in {0}", "what is the humidity in {0}"]:
        add([CITIES], form)
    for form in ["what is the weather {0}", "what's the weather {0}",
                 "what is the weather like {0}", "how is the weather {0}",
                 "what is the weather forecast for {0}", "what's the forecast for {0}",
                 "how warm will it be {0}", "what will the weather be like {0}",
                 "do i need an umbrella {0}", "do i need a jacket {0}",
                 "what is the temperature {0}", "what's the temperature going to be {0}"]:
        add([DAYS], form)
    for form in ["what is the weather in {0} {1}", "what's the weather in {0} {1}",
                 "what will the weather be in {0} {1}", "how is the weather in {0} {1}",
                 "weather in {0} {1}", "what is the temperature in {0} {1}"]:
        add([CITIES, DAYS], form)
    add([PRECIPITATION, DAYS], "will it {0} {1}")
    add([PRECIPITATION, DAYS], "is it going to {0} {1}")
    add([PRECIPITATION, CITIES], "will it {0} in {1}")
    add([PRECIPITATION, CITIES, DAYS], "will it {0} in {1} {2}")
    add([PRECIPITATION, CITIES, DAYS], "is it going to {0} in {1} {2}")
    add([WEATHER_WORDS, DAYS], "will it be {0} {1}")
    add([WEATHER_WORDS, CITIES], "is it {0} in {1}")
    add([WEATHER_WORDS, CITIES, DAYS], "will it be {0} in {1} {2}")
    for phrase in ["what is the weather", "what's the weather", "how is the weather",
                   "what is the weather like", "what is the weather like today",
                   "what is the weather forecast", "what's the weather like outside",
                   "is it going to rain", "will it rain", "is it raining", "how hot is it",
                   "how cold is it outside", "what is the temperature outside",
                   "what's the temperature", "weather", "weather forecast",
                   "tell me the weather", "what is the weather going to be like"]:
        add([[phrase]], "{0}")

    # time and date
    for phrase in ["what time is it", "what is the time", "what's the time", "tell me the time",
                   "what time is it now", "do you know what time it is", "what day is it",
                   "what day is it today", "what is the date", "what is the date today",
                   "what is today's date", "what's the date today", "what year is it",
                   "what month is it", "what is the day today", "which day is today",
                   "what week is it", "how many days until christmas",
                   "how many days until new year", "how many days until the weekend",
                   "when is christmas", "when is easter", "what time is sunrise",
                   "what time is sunset", "when does the sun rise", "when does the sun set",
                   "what day is tomorrow", "what was the date yesterday"]:
        add([[phrase]], "{0}")
    add([CITIES], "what time is it in {0}")
    add([CITIES], "what is the time in {0}")
    add([CITIES], "what's the time in {0}")
    add([CITIES], "what is the time zone of {0}")
    add([COUNTRIES], "what time is it in {0}")
    add([DAYS], "what is the date {0}")

    # jokes and chat
    for phrase in ["tell me a joke", "tell me another joke", "tell me a funny joke",
                   "make me laugh", "do you know any jokes", "tell me something funny",
                   "say something funny", "one more joke", "another one",
                   "tell me a story", "tell me a riddle", "tell me a fun fact",
                   "tell me something interesting", "sing me a song", "sing a song",
                   "tell me a joke about computers", "tell me a joke about animals",
                   "tell me a chuck norris joke", "do you have a joke for me",
                   "that was funny", "that is not funny", "flip a coin", "roll a dice",
                   "pick a number between one and ten", "give me a random number",
                   "hello", "hi", "hey", "hello susi", "hi susi", "hey susi", "good morning",
                   "good afternoon", "good evening", "good night", "how are you",
                   "how are you doing", "how are you today", "what's up", "what is your name",
                   "who are you", "what are you", "who made you", "who created you",
                   "how old are you", "where are you from", "are you a robot",
                   "are you human", "what can you do", "what can i ask you", "help",
                   "tell me about yourself", "do you like music", "what is your favorite color",
                   "what is your favorite food", "do you have feelings", "are you happy",
                   "i love you", "i am bored", "i am sad", "i am happy", "i am tired",
                   "thank you", "thanks", "thank you very much", "thank you susi",
                   "thanks a lot", "you are great", "you are funny", "you are smart",
                   "goodbye", "bye", "see you later", "good job", "well done", "nice",
                   "okay", "yes", "no", "stop", "cancel", "never mind", "repeat that",
                   "say that again", "what did you say", "speak louder", "speak slower",
                   "what is the meaning of life", "do you dream", "can you hear me",
                   "are you listening", "what is susi", "what does susi mean",
                   "who is susi", "what is susi ai"]:
        add([[phrase]], "{0}")

    # definitions and knowledge
    add([DEFINE_WORDS], "what is the meaning of {0}")
    add([DEFINE_WORDS], "define {0}")
    add([DEFINE_WORDS], "what does {0} mean")
    add([DEFINE_WORDS], "what is the definition of {0}")
    add([DEFINE_WORDS], "give me the definition of {0}")
    add([DEFINE_WORDS], "what is a synonym for {0}")
    add([DEFINE_WORDS], "how do you spell {0}")
    add([TOPICS], "what is {0}")
    add([TOPICS], "what are {0}")
    add([TOPICS], "tell me about {0}")
    add([TOPICS], "tell me something about {0}")
    add([TOPICS], "explain {0}")
    add([TOPICS], "search wikipedia for {0}")
    add([TOPICS], "search for {0}")
    add([TOPICS], "look up {0}")
    add([TOPICS], "look up {0} on wikipedia")
    add([TOPICS], "wikipedia {0}")
    add([TOPICS], "what does wikipedia say about {0}")
    add([TOPICS], "find {0} on wikipedia")
    add([TOPICS], "google {0}")
    add([TOPICS], "i want to know about {0}")
    add([TOPICS], "do you know {0}")
    add([TOPICS], "facts about {0}")
    add([TOPICS], "give me facts about {0}")
    add([PEOPLE], "who is {0}")
    add([PEOPLE], "who was {0}")
    add([PEOPLE], "how old is {0}")
    add([PEOPLE], "when was {0} born")
    add([PEOPLE], "where was {0} born")
    add([PEOPLE], "when did {0} die")
    add([PEOPLE], "tell me about {0}")
    add([PEOPLE], "what is {0} famous for")
    add([PROPERTIES, TOPICS], "{0} {1}")
    add([COUNTRIES], "what is the capital of {0}")
    add([COUNTRIES], "what is the population of {0}")
    add([COUNTRIES], "what language do they speak in {0}")
    add([COUNTRIES], "what is the currency of {0}")
    add([COUNTRIES], "who is the president of {0}")
    add([COUNTRIES], "how big is {0}")
    add([COUNTRIES], "where is {0}")
    add([COUNTRIES], "tell me about {0}")
    add([CITIES], "where is {0}")
    add([CITIES], "what is the population of {0}")
    add([CITIES], "tell me about {0}")
    add([CITIES], "what country is {0} in")
    add([CITIES, CITIES], "how far is {0} from {1}")
    add([CITIES, CITIES], "what is the distance between {0} and {1}")
    add([CITIES, CITIES], "how long does it take to fly from {0} to {1}")
    add([CITIES], "how far is {0}")
    add([CITIES], "directions to {0}")
    add([CITIES], "how do i get to {0}")
    add([["mount everest", "the eiffel tower", "the moon", "the sun", "mars", "the earth",
          "the statue of liberty", "the empire state building"]],
        "how far away is {0}")

    # calculations
    calc_numbers = [spoken(n) for n in range(0, 21)] + [spoken(n) for n in
                                                        [25, 30, 40, 50, 64, 75, 99, 100,
                                                         144, 200, 250, 1000]]
    for form in ["what is {0} {1} {2}", "what's {0} {1} {2}", "how much is {0} {1} {2}",
                 "calculate {0} {1} {2}", "{0} {1} {2}", "what is {0} {1} {2} equal to",
                 "can you calculate {0} {1} {2}", "compute {0} {1} {2}"]:
        add([calc_numbers, CALCULATIONS, calc_numbers], form)
    add([NUMBERS], "what is the square root of {0}")
    add([NUMBERS], "square root of {0}")
    add([calc_numbers], "what is {0} squared")
    add([calc_numbers], "what is {0} cubed")
    add([calc_numbers, calc_numbers], "what is {0} to the power of {1}")
    add([NUMBERS, NUMBERS], "what is {0} percent of {1}")
    add([NUMBERS], "is {0} a prime number")
    add([NUMBERS], "count to {0}")
    add([NUMBERS], "what comes after {0}")
    add([NUMBERS], "what is half of {0}")
    add([NUMBERS], "what is the double of {0}")
    add([NUMBERS], "what is {0} divided by two")

    # unit and currency conversions
    unit_numbers = [spoken(n) for n in [1, 2, 3, 5, 6, 7, 8, 10, 12, 15, 20, 25, 30, 37, 50,
                                         60, 75, 100, 180, 200, 500, 1000]]
    add([unit_numbers, UNITS], "convert {0} {1[0]} to {1[1]}")
    add([unit_numbers, UNITS], "convert {0} {1[0]} into {1[1]}")
    add([unit_numbers, UNITS], "how many {1[1]} is {0} {1[0]}")
    add([unit_numbers, UNITS], "how many {1[1]} are in {0} {1[0]}")
    add([unit_numbers, UNITS], "what is {0} {1[0]} in {1[1]}")
    add([unit_numbers, UNITS], "{0} {1[0]} in {1[1]}")
    add([unit_numbers, UNITS], "{0} {1[0]} to {1[1]}")
    for big, small in UNITS:
        singular = SINGULAR_UNITS.get(big)
        if singular:
            article = "an" if singular[0] in "aeiou" else "a"
            add([[small]], "how many {0} in " + article + " " + singular)
            add([[small]], "how many {0} are in " + article + " " + singular)
            add([[small]], "how many {0} is " + article + " " + singular)
            add([[small]], "convert one " + singular + " to {0}")
    add([unit_numbers, CURRENCIES, CURRENCIES], "convert {0} {1} to {2}")
    add([unit_numbers, CURRENCIES, CURRENCIES], "what is {0} {1} in {2}")
    add([unit_numbers, CURRENCIES, CURRENCIES], "how much is {0} {1} in {2}")
    add([unit_numbers, CURRENCIES, CURRENCIES], "{0} {1} to {2}")
    add([unit_numbers, CURRENCIES, CURRENCIES], "{0} {1} in {2}")
    add([CURRENCIES, CURRENCIES], "convert {0} to {1}")
    add([SINGULAR_CURRENCIES, CURRENCIES], "how many {1} is one {0}")
    add([SINGULAR_CURRENCIES, SINGULAR_CURRENCIES], "what is the exchange rate of the {0} to the {1}")
    add([SINGULAR_CURRENCIES, SINGULAR_CURRENCIES], "exchange rate {0} to {1}")
    add([SINGULAR_CURRENCIES, CURRENCIES], "how much is a {0} in {1}")
    add([SINGULAR_CURRENCIES], "what is the price of one {0}")
    add([["bitcoin", "gold", "silver", "oil", "apple stock", "tesla stock", "the dax",
          "the dow jones"]], "what is the price of {0}")
    add([["bitcoin", "gold", "silver", "oil", "apple stock", "tesla stock", "the dax",
          "the dow jones"]], "how much is {0} worth")

    # music and volume
    for form in ["play {0}", "play songs by {0}", "play music by {0}", "play some {0}",
                 "i want to listen to {0}", "put on {0}", "play something by {0}",
                 "play the latest album by {0}", "play the best songs of {0}",
                 "who is singing {0}", "shuffle songs by {0}"]:
        add([ARTISTS], form)
    for form in ["play {0}", "play some {0}", "put on some {0}", "i want to listen to {0}",
                 "can you play {0}", "start {0}", "please play {0}", "play me {0}"]:
        add([GENRES], form)
    add([SONGS], "play {0}")
    add([SONGS, ARTISTS], "play {0} by {1}")
    add([SONGS], "who sings {0}")
    add([SONGS], "play the song {0}")
    for phrase in ["play music", "play some music", "play a song", "play the next song",
                   "next song", "next", "skip", "skip this song", "previous song",
                   "play the previous song", "go back", "pause", "pause the music",
                   "stop the music", "stop playing", "stop", "resume", "resume the music",
                   "continue", "play it again", "repeat this song", "shuffle",
                   "shuffle my playlist", "what song is this", "what is playing",
                   "who is this artist", "turn it up", "turn it down", "turn the volume up",
                   "turn the volume down", "turn up the volume", "turn down the volume",
                   "volume up", "volume down", "louder", "quieter", "a bit louder",
                   "a bit quieter", "make it louder", "make it quieter", "mute",
                   "mute the sound", "maximum volume", "what is the volume",
                   "increase the volume", "decrease the volume", "lower the volume",
                   "raise the volume", "i like this song", "i don't like this song",
                   "play my favorite song", "play the radio", "turn on the radio",
                   "turn off the radio", "turn off the music"]:
        add([[phrase]], "{0}")
    add([VOLUMES], "set the volume to {0}")
    add([VOLUMES], "volume {0}")
    add([VOLUMES], "change the volume to {0}")
    add([SMALL_NUMBERS], "turn the volume to {0}")

    # timers, alarms and reminders
    units_of_time = ["seconds", "minutes", "hours"]
    for form in ["set a timer for {0} {1}", "set timer for {0} {1}", "timer {0} {1}",
                 "start a timer for {0} {1}", "set a {0} minute timer",
                 "remind me in {0} {1}", "wake me up in {0} {1}", "set an alarm in {0} {1}",
                 "count down {0} {1}"]:
        if "{1}" in form:
            add([DURATIONS, units_of_time], form)
        else:
            add([DURATIONS], form)
    for form in ["set an alarm for {0}", "set an alarm at {0}", "wake me up at {0}",
                 "set the alarm for {0}", "alarm at {0}", "wake me up tomorrow at {0}",
                 "set an alarm for {0} tomorrow", "set an alarm for tomorrow at {0}",
                 "change my alarm to {0}", "remind me at {0}"]:
        add([CLOCK_TIMES], form)
    add([REMINDERS, CLOCK_TIMES], "remind me to {0} at {1}")
    add([REMINDERS, DAYS], "remind me to {0} {1}")
    add([REMINDERS, DURATIONS, units_of_time], "remind me to {0} in {1} {2}")
    add([REMINDERS], "remind me to {0}")
    for phrase in ["set a timer for one minute", "set a timer for one hour",
                   "set a timer for half an hour", "cancel the timer", "stop the timer", "cancel my timer", "pause the timer",
                   "how much time is left", "how much time is left on the timer",
                   "how long is left", "cancel the alarm", "cancel my alarm",
                   "stop the alarm", "turn off the alarm", "delete all alarms",
                   "what alarms do i have", "when is my alarm", "snooze", "snooze for ten minutes",
                   "show my reminders", "what are my reminders", "delete my reminders",
                   "start a stopwatch", "stop the stopwatch"]:
        add([[phrase]], "{0}")

    # news
    for phrase in ["what is the news", "what's the news", "tell me the news",
                   "tell me the latest news", "what are the headlines",
                   "what are today's headlines", "read me the news", "give me the news",
                   "latest news", "news", "the news please", "what is happening in the world",
                   "what's new", "anything new", "top stories", "breaking news",
                   "what is in the news today"]:
        add([[phrase]], "{0}")
    add([NEWS_TOPICS], "news about {0}")
    add([NEWS_TOPICS], "what is the latest news about {0}")
    add([NEWS_TOPICS], "tell me the news about {0}")
    add([NEWS_TOPICS], "latest news from {0}")
    add([NEWS_TOPICS], "what are the headlines in {0}")
    add([NEWS_TOPICS], "give me the {0} news")
    add([NEWS_TOPICS], "{0} news")

    # translations
    for form in ["translate {0} to {1}", "translate {0} into {1}", "how do you say {0} in {1}",
                 "how do i say {0} in {1}", "what is {0} in {1}", "say {0} in {1}",
                 "what's {0} in {1}", "{0} in {1}"]:
        add([PHRASES, LANGUAGES], form)
    add([LANGUAGES], "translate to {0}")
    add([LANGUAGES], "speak {0}")
    add([LANGUAGES], "can you speak {0}")
    add([LANGUAGES], "do you speak {0}")
    add([LANGUAGES, LANGUAGES], "translate from {0} to {1}")
    add([LANGUAGES], "teach me some {0}")

    # smart home and everyday requests (people ask these of any assistant)
    rooms = ["the kitchen", "the living room", "the bedroom", "the bathroom", "the office",
             "the hallway", "the garden"]
    devices = ["the light", "the lights", "the lamp", "the heating", "the fan", "the tv",
               "the television", "the coffee machine"]
    add([["turn on", "turn off", "switch on", "switch off"], devices], "{0} {1}")
    add([["turn on", "turn off", "switch on", "switch off"], devices, rooms], "{0} {1} in {2}")
    add([["turn on", "turn off"], rooms], "{0} the light in {1}")
    add([SMALL_NUMBERS], "set the temperature to {0} degrees")
    add([["twenty", "twenty one", "twenty two", "eighteen", "nineteen"]],
        "set the heating to {0} degrees")
    for phrase in ["dim the lights", "brighten the lights", "lights on", "lights off",
                   "is the door locked", "lock the door", "open the window",
                   "close the window", "what is on my calendar", "what is on my calendar today",
                   "what do i have today", "what is on my shopping list",
                   "add milk to my shopping list", "add eggs to my shopping list",
                   "add bread to my shopping list", "how do i cook pasta",
                   "how long do i boil an egg", "give me a recipe for pancakes",
                   "find a restaurant near me", "where is the nearest pharmacy",
                   "call mom", "call my mother", "send a message", "read my messages",
                   "read my email", "how is the traffic", "how is the traffic today",
                   "what is the score", "who won the game", "who won the world cup",
                   "when is the next football game", "what is the stock market doing",
                   "recommend a movie", "recommend a book", "what movies are playing",
                   "i need a motivational quote", "give me a quote", "quote of the day",
                   "word of the day", "fact of the day", "inspire me"]:
        add([[phrase]], "{0}")
    return rows


def expand(rows, rng):
    """Every template's sentences: the whole product of its slots, or a seeded sample."""
    corpus = []
    for slots, form in rows:
        total = 1
        for values in slots:
            total *= len(values)
        if total <= SAMPLES_PER_TEMPLATE:
            combinations = itertools.product(*slots)
        else:
            chosen = rng.sample(range(total), SAMPLES_PER_TEMPLATE)
            combinations = (unrank(slots, index) for index in sorted(chosen))
        for combination in combinations:
            corpus.append(" ".join(form.format(*combination).split()))
    return corpus


def unrank(slots, index):
    """The combination at position `index` of the product of `slots` (last slot fastest)."""
    values = []
    for slot in reversed(slots):
        index, position = divmod(index, len(slot))
        values.append(slot[position])
    return list(reversed(values))


# --- language model ----------------------------------------------------------------------

def count_ngrams(corpus):
    """counts[n][ngram tuple] for n = 1..ORDER, over sentences padded with <s> and </s>."""
    counts = [None] + [defaultdict(int) for _ in range(ORDER)]
    for sentence in corpus:
        words = ["<s>"] + sentence.split() + ["</s>"]
        for n in range(1, ORDER + 1):
            for start in range(0, len(words) - n + 1):
                counts[n][tuple(words[start:start + n])] += 1
    return counts


def witten_bell(counts, vocabulary):
    """Interpolated Witten-Bell probabilities and backoff weights.

    For a history h with c(h) tokens followed by T(h) distinct words:
        P(w | h) = (c(h w) + T(h) * P(w | h')) / (c(h) + T(h)),   h' = h without its first word,
    and the unigram distribution is interpolated with the uniform one the same way.  Written as
    a back-off model, an n-gram seen in training keeps its interpolated probability and an
    unseen one gets bow(h) * P(w | h'), where bow(h) = T(h) / (c(h) + T(h)) is exactly the
    weight the interpolation gives the lower order; so every conditional distribution sums to
    one and the ARPA file reproduces the interpolated model.
    """
    # Sentence starts are context only: <s> is never predicted.
    predicted = sorted(w for w in vocabulary if w != "<s>")
    history_total = [None] + [defaultdict(int) for _ in range(ORDER)]
    history_types = [None] + [defaultdict(int) for _ in range(ORDER)]
    for n in range(1, ORDER + 1):
        for ngram, count in counts[n].items():
            history_total[n][ngram[:-1]] += count
            history_types[n][ngram[:-1]] += 1

    probability = [None] + [dict() for _ in range(ORDER)]
    unigram_tokens = sum(counts[1].get((word,), 0) for word in predicted)
    unigram_types = sum(1 for word in predicted if (word,) in counts[1])
    uniform = 1.0 / len(predicted)
    for word in predicted:
        probability[1][(word,)] = ((counts[1].get((word,), 0) + unigram_types * uniform)
                                   / (unigram_tokens + unigram_types))
    for n in range(2, ORDER + 1):
        for ngram, count in counts[n].items():
            history = ngram[:-1]
            lower = probability[n - 1][ngram[1:]]
            total = history_total[n][history]
            types = history_types[n][history]
            probability[n][ngram] = (count + types * lower) / (total + types)

    backoff = [None] + [dict() for _ in range(ORDER)]
    for n in range(1, ORDER):
        for ngram in counts[n]:
            total = history_total[n + 1].get(ngram, 0)
            if total:
                types = history_types[n + 1][ngram]
                backoff[n][ngram] = types / (total + types)
    return probability, backoff


def write_arpa(path, probability, backoff):
    def log10(value):
        return "%.6f" % math.log10(value)

    ngrams = [None]
    ngrams.append(sorted(set(probability[1]) | {("<s>",)}))
    for n in range(2, ORDER + 1):
        ngrams.append(sorted(probability[n]))
    with open(path, "w", encoding="ascii", newline="\n") as out:
        out.write("Trigram model of spoken SUSI commands, interpolated Witten-Bell smoothing.\n")
        out.write("Generated by Tools/models/make-command-model.py from corpus.txt; do not edit.\n\n")
        out.write("\\data\\\n")
        for n in range(1, ORDER + 1):
            out.write("ngram %d=%d\n" % (n, len(ngrams[n])))
        for n in range(1, ORDER + 1):
            out.write("\n\\%d-grams:\n" % n)
            for ngram in ngrams[n]:
                # <s> is never predicted: ARPA's convention is a log probability of -99.
                value = "-99.000000" if ngram == ("<s>",) else log10(probability[n][ngram])
                line = value + "\t" + " ".join(ngram)
                if n < ORDER and ngram in backoff[n]:
                    line += "\t" + log10(backoff[n][ngram])
                out.write(line + "\n")
        out.write("\n\\end\\\n")


# --- dictionary --------------------------------------------------------------------------

def read_pronunciations(path, wanted):
    """Every variant of every wanted word, in the dictionary's order."""
    found = defaultdict(list)
    with open(path, encoding="utf-8") as dictionary:
        for line in dictionary:
            fields = line.split("#", 1)[0].split()
            if len(fields) < 2:
                continue
            word = fields[0].lower()
            if word.endswith(")") and "(" in word:
                word = word[:word.rindex("(")]
            if word in wanted:
                found[word].append(" ".join(fields[1:]))
    return found


def write_dictionary(path, pronunciations):
    with open(path, "w", encoding="ascii", newline="\n") as out:
        for word in sorted(pronunciations):
            for index, phones in enumerate(pronunciations[word]):
                name = word if index == 0 else "%s(%d)" % (word, index + 1)
                out.write("%s %s\n" % (name, phones))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "..", "Models", "commands"))
    parser.add_argument("--cmudict", default=CMUDICT)
    arguments = parser.parse_args()

    rng = random.Random(SEED)
    corpus = expand(sentences(), rng)
    vocabulary = {"<s>", "</s>"} | {word for sentence in corpus for word in sentence.split()}
    words = sorted(vocabulary - {"<s>", "</s>"})

    if not os.path.exists(arguments.cmudict):
        sys.exit("make-command-model: %s is missing; install the Debian package "
                 "pocketsphinx-en-us" % arguments.cmudict)
    pronunciations = read_pronunciations(arguments.cmudict, set(words))
    missing = [word for word in words if word not in pronunciations]
    if missing:
        sys.exit("make-command-model: no pronunciation in %s for: %s"
                 % (arguments.cmudict, " ".join(missing)))

    counts = count_ngrams(corpus)
    probability, backoff = witten_bell(counts, vocabulary)

    os.makedirs(arguments.out, exist_ok=True)
    with open(os.path.join(arguments.out, "corpus.txt"), "w", encoding="ascii",
              newline="\n") as out:
        out.writelines(sentence + "\n" for sentence in corpus)
    write_arpa(os.path.join(arguments.out, "commands.arpa"), probability, backoff)
    write_dictionary(os.path.join(arguments.out, "commands.dict"), pronunciations)
    print("make-command-model: %d sentences (%d distinct), %d words, n-grams %s"
          % (len(corpus), len(set(corpus)), len(words),
             " ".join(str(len(probability[n])) for n in range(1, ORDER + 1))),
          file=sys.stderr)


if __name__ == "__main__":
    main()
