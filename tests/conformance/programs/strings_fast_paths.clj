;; Regex patterns that are plain text (split and re-find search them without the regex
;; engine), ASCII case mapping, subs and join: results must match the regex engine's.
;;;; strings_fast_paths_split_literal
[(str/split "a--b----c--" #"--") (str/split "a.b..c." #"\.") (str/split "x|y||" #"\|")
 (str/split "--a" #"--") (str/split "----" #"--") (str/split "" #"--") (str/split "abc" #"zz")]
;;;; strings_fast_paths_split_literal_limit
[(str/split "a,b,,c,," #"," 3) (str/split "a,b,,c,," #"," -1) (str/split ",,," #"," -1)
 (str/split ",,," #"," 2) (str/split "a,b" #"," 1) (str/split "a, b, c" #", " 10)]
;;;; strings_fast_paths_split_literal_unicode
[(str/split "héllo wörld ñ" #" ") (mapv count (str/split "日本 語 x" #" ")) (str/split "a→b→c" #"→")
 (str/split "k=v; k2=v2" #"; ") (str/split "a b" #"\ ")]
;;;; strings_fast_paths_split_destructure
(let [[ts level service & more] (str/split "2024-03-15T10:00:00 INFO auth login ok user=7 ms=12" #" ")]
  [ts level service more (subs ts 11 13)])
;;;; strings_fast_paths_re_find_literal
[(re-find #"ab" "xxabyy") (re-find #"ab" "xxyy") (re-find #"\." "a.b") (re-seq #"ab" "abab")
 (re-matches #"ab" "ab") (re-matches #"ab" "abc")]
;;;; strings_fast_paths_re_find_groups
[(re-find #"user=(\d+)" "x user=42 ms=7") (second (re-find #"ms=(\d+)" "x user=42 ms=7"))
 (re-find #"user=(\d+)" "nothing") (re-find #"(a)|(b)" "b") (re-find #"\d+" "ab123c")]
;;;; strings_fast_paths_case
[(str/upper-case "hello World 1") (str/lower-case "HeLLo") (str/upper-case "straße")
 (str/lower-case "ÀÉÎ") (str/upper-case "") (count (str/upper-case "ǆx")) (str/upper-case :kw)]
;;;; strings_fast_paths_subs_join
[(subs "héllo" 1 3) (subs "abcdef" 2) (count (subs "añb" 1)) (str/join "-" ["a" "é" 1 nil :k])
 (count (str/join "→" ["a" "b"])) (str/join ["x" "y"]) (str/join "," (map str/upper-case ["a" "b"]))]
;;;; strings_fast_paths_parse_long
[(parse-long "42") (parse-long "-7") (parse-long "+3") (parse-long "9223372036854775807")
 (parse-long "9223372036854775808") (parse-long "1.5") (parse-long "") (parse-long " 1")]
;;;; strings_fast_paths_prefix_patterns
[(re-find #"ab*c" "xacxabbc") (re-find #"ab+c" "xacxabbc") (re-find #"ab?(c)" "xabxac") (re-find #"ab{2}" "abab abb")
 (re-find #"id=(\d+)" "id=x id= id=q id=z id=y id=12") (re-seq #"k=(\w+)" "k=a,k=,k=bb") (re-find #"a(b)|c" "xc")
 (re-find #"\.x(\d)" "a.xy.x7") (str/replace "a1 a22 b3" #"a(\d+)" "<$1>") (re-find #"ab\b" "abc ab")
 (re-find #"no(\d)" "") (re-seq #"aa" "aaaaa")]
