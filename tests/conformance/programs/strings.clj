;; Strings, characters, keywords, symbols, clojure.string and regexes.
;;;; strings_str
[(str) (str nil) (str "a" 1 :k nil 2.5 \c) (str [1 "a"]) (str {:a "b"}) (str '(1 2))]
;;;; strings_str_numbers
[(str 1.0) (str 100) (str -0.5) (str 1e10) (str 0.0001) (str true)]
;;;; strings_subs
[(subs "hello" 1) (subs "hello" 1 3) (subs "hello" 5) (subs "" 0)]
;;;; strings_count_chars
[(count "héllo") (first "abc") (seq "ab") (vec "xy")]
;;;; strings_join
[(str/join ["a" "b" "c"]) (str/join ", " ["a" "b"]) (str/join "-" [1 :k nil "s"]) (str/join "," [])]
;;;; strings_split
[(str/split "a,b,c" #",") (str/split "a  b c" #"\s+") (str/split "a1b22c" #"\d+")]
;;;; strings_split_trailing_empty
[(str/split "a,b,,c,," #",") (str/split "" #",") (str/split ",a" #",")]
;;;; strings_split_limit
(str/split "k=v=w" #"=" 2)
;;;; strings_split_chars
(str/split "abc" #"")
;;;; strings_split_lines
[(str/split-lines "one\ntwo\r\nthree") (str/split-lines "x")]
;;;; strings_case
[(str/upper-case "MiXed 1") (str/lower-case "MiXed 1") (str/capitalize "hELLO wORLD") (str/capitalize "")]
;;;; strings_trim
[(str/trim "  a b  ") (str/triml "  a ") (str/trimr "  a ") (str/trim-newline "line\n\n") (str/trim "\t\n x \r")]
;;;; strings_blank
[(str/blank? "") (str/blank? "  \t") (str/blank? nil) (str/blank? " x ")]
;;;; strings_starts_ends_includes
[(str/starts-with? "hello" "he") (str/ends-with? "hello" "lo") (str/includes? "hello" "ell") (str/includes? "hello" "xyz")]
;;;; strings_index_of
[(str/index-of "hello" "l") (str/last-index-of "hello" "l") (str/index-of "hello" "z") (str/index-of "hello" "l" 3)]
;;;; strings_replace
[(str/replace "a-b-c" "-" "+") (str/replace "a1b22" #"\d+" "#") (str/replace "john smith" #"(\w+) (\w+)" "$2, $1") (str/replace "aaa" \a \b)]
;;;; strings_replace_fn
(str/replace "a1b2" #"\d" (fn [m] (str (* 2 (parse-long m)))))
;;;; strings_replace_first
[(str/replace-first "a-b-c" "-" "+") (str/replace-first "x1y2" #"\d" "_")]
;;;; strings_reverse
[(str/reverse "abc") (apply str (reverse "hello"))]
;;;; strings_escape
(str/escape "a<b>&c" {\< "&lt;" \> "&gt;" \& "&amp;"})
;;;; strings_aliases
[(string/upper-case "x") (clojure.string/lower-case "Y") (str/trim " z ")]
;;;; strings_re_find
[(re-find #"\d+" "abc 123 def 45") (re-find #"(\w+)@(\w+)\.com" "mail bob@example.com now") (re-find #"z" "abc")]
;;;; strings_re_matches
[(re-matches #"\d+" "123") (re-matches #"\d+" "123a") (re-matches #"(\d+)-(\d+)" "10-20")]
;;;; strings_re_seq
[(re-seq #"\d+" "a1 b22 c333") (re-seq #"(\w)=(\d)" "a=1 b=2") (re-seq #"x" "abc")]
;;;; strings_re_pattern
(re-find (re-pattern (str "id:" "(\\d+)")) "user id:42 ok")
;;;; strings_keyword_name
[(keyword "abc") (keyword "ns" "n") (name :abc) (name :ns/n) (name "plain") (keyword :already)]
;;;; strings_symbol
[(symbol "foo") (name 'bar) (symbol? 'x) (str 'sym)]
;;;; strings_chars
[\a \space \newline (str \a \b) (char? \x) (= \a (first "a")) (int \A)]
;;;; strings_format
[(format "%d items" 3) (format "%.2f" 3.14159) (format "%s-%s" "a" :b) (format "%5d|%-5s|" 42 "ab") (format "%05.1f" 2.25)]
;;;; strings_format_percent
(format "%d%% done, %s" 50 "ok")
;;;; strings_parse_long_double
[(parse-long "42") (parse-long "-7") (parse-long "4.2") (parse-long "x") (parse-double "3.5") (parse-double "1e3") (parse-double "abc")]
;;;; strings_parse_boolean
[(parse-boolean "true") (parse-boolean "false") (parse-boolean "yes")]
;;;; strings_interop_methods
[(.length "hello") (.indexOf "hello" "l") (.substring "hello" 1 3) (.toUpperCase "abc") (.contains "team" "ea") (.startsWith "abc" "ab") (.endsWith "abc" "bc") (.trim "  x  ")]
;;;; strings_parse_int_interop
[(Integer/parseInt "123") (Double/parseDouble "2.5") (Long/parseLong "-9")]
;;;; strings_pr_str
[(pr-str "a\"b") (pr-str [1 "x" \y nil]) (pr-str "tab\there") (pr-str {:k "v"})]
;;;; strings_print_escapes
["line1\nline2" "q\"uote" "back\\slash" "tab\t" "\u00e9"]
;;;; strings_compare_sort
(sort ["banana" "Apple" "cherry" "apple"])
;;;; strings_word_count
(->> (str/split "the cat and the hat and the bat" #" ") frequencies (sort-by (juxt (comp - val) key)) (take 3))
;;;; strings_upper_first_letters
(->> (str/split "hello big world" #" ") (map str/capitalize) (str/join " "))
;;;; strings_csv_line
(let [[name qty price] (str/split "widget,3,2.50" #",")]
  {:name name :qty (parse-long qty) :price (parse-double price)})
;;;; strings_mask
(let [s "4111222233334444"] (str (apply str (repeat (- (count s) 4) "*")) (subs s (- (count s) 4))))
;;;; strings_palindrome
(defn palindrome? [s] (let [c (str/lower-case (str/replace s #"[^a-zA-Z]" ""))] (= c (str/reverse c))))
[(palindrome? "A man, a plan, a canal: Panama") (palindrome? "hello")]
;;;; strings_str_of_nil_in_coll
(str [nil "a"] (list nil))
;;;; strings_keyword_str
[(str :a) (str :a/b) (name :a/b)]
;;;; strings_string_as_seq_fns
[(filter #(= \a %) "banana") (frequencies "aab") (map int "AB")]
;;;; strings_join_map_vals
(str/join "; " (map (fn [[k v]] (str (name k) "=" v)) {:a 1 :b 2}))
;;;; strings_lower_keys
(into {} (map (fn [[k v]] [(keyword (str/lower-case k)) v]) {"Name" 1 "AGE" 2}))
;;;; strings_includes_filter
(filter #(str/includes? (str/lower-case %) "error") ["INFO ok" "ERROR disk" "warn" "Error: net"])
;;;; strings_upper_case_of_number
(str/upper-case 42)
;;;; strings_format_half_up
[(format "%.1f" 2.25) (format "%.1f" 0.35) (format "%.2f" 1.005) (format "%.0f" 2.5)]
